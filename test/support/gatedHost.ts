// The session host (src/main/host.ts, same arguments) behind a gate, for a test that must hold a
// front inside its start of a host: while the file named by SWARMDESK_TEST_HOST_GATE is absent it
// records its pid in `<gate>.waiting` and waits (at most 60 s), then runs the host as is.
import { existsSync, writeFileSync } from 'node:fs';

const gate = process.env.SWARMDESK_TEST_HOST_GATE;
if (!gate) throw new Error('SWARMDESK_TEST_HOST_GATE is not set');
const runHost = (): Promise<unknown> => import('../../src/main/host');

if (existsSync(gate)) {
  void runHost();
} else {
  writeFileSync(`${gate}.waiting`, String(process.pid));
  const giveUp = Date.now() + 60_000;
  const poll = setInterval(() => {
    if (existsSync(gate)) {
      clearInterval(poll);
      void runHost();
    } else if (Date.now() > giveUp) {
      process.exit(1);
    }
  }, 20);
}
