import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_PROC_NOTE, TerminalService } from '../../src/main/core/agents/terminal/terminalService';
import { CoreEvents } from '../../src/main/core/events';
import { CoreHooks, SessionsService, systemClock } from '../../src/main/core/services';
import { openStore, type Store } from '../../src/main/core/store';
import { until } from '../support/until';

/**
 * The status word "exited" (issue 31, SPEC §2) with a real PTY and bash: a clean exit and a stop say
 * "exited"; a nonzero code or a foreign signal keeps how it ended; a host that stops or dies leaves its
 * terminals exited, never idle; a restart (the same database opened again) keeps all of it.
 */
describe('a terminal whose process ended is exited (real PTY, real bash)', () => {
  let store: Store | null = null;
  let terminals: TerminalService | null = null;
  afterEach(async () => {
    await terminals?.close();
    terminals = null;
    store?.close();
    store = null;
  });

  function start(dataDir: string, procFs?: boolean) {
    store = openStore({ dataDir }).store;
    const events = new CoreEvents();
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock: systemClock, defaultFolder: tmpdir() });
    const output: string[] = [];
    events.subscribe((event, payload) => {
      if (event === 'terminal:data') output.push((payload as { data: string }).data);
    });
    terminals = new TerminalService({ sessions, events, dataDir, ...(procFs === undefined ? {} : { procFs }) });
    terminals.register();
    return { sessions, output, store, terminals };
  }

  /** Closes the service and the store as the host's stop does, then opens both again on the same folder. */
  async function restart(dataDir: string) {
    await terminals!.close();
    store!.close();
    return start(dataDir);
  }

  it('exit 0 and a stop by the user are exited without a code; a killed child and a killed program keep their code and signal; a restart keeps them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-exited-'));
    const { sessions, output, store: s, terminals: t } = start(dataDir);

    const clean = sessions.create({ kind: 'terminal', backendId: 'echo clean-done' });
    await t.open(clean.id, 80, 24);
    await until(() => s.sessions.get(clean.id)?.status === 'exited', { message: 'the clean exit' });
    expect(s.sessions.get(clean.id)?.exit).toBeUndefined();

    // kill -9 of the foreground child: bash reports it as 137 and ends with that code.
    const child = sessions.create({ kind: 'terminal', backendId: 'echo child-ready; sleep 30; exit $?' });
    await t.open(child.id, 80, 24);
    const shell = await until(() => t.pid(child.id), { message: 'pid' });
    await until(() => output.join('').includes('child-ready'), { message: 'the child to start' });
    const sleeper = await until(() => readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim() || null, { message: 'the child' });
    process.kill(Number(sleeper), 'SIGKILL');
    await until(() => s.sessions.get(child.id)?.status === 'exited', { message: 'the shell to end' });
    expect(s.sessions.get(child.id)?.exit).toEqual({ code: 137, signal: null });

    // kill -9 of the program itself: the signal, no code.
    const killed = sessions.create({ kind: 'terminal', backendId: 'echo killed-ready; exec sleep 30' });
    await t.open(killed.id, 80, 24);
    const pid = await until(() => t.pid(killed.id), { message: 'pid' });
    await until(() => output.join('').includes('killed-ready'), { message: 'the program to start' });
    process.kill(pid, 'SIGKILL');
    await until(() => s.sessions.get(killed.id)?.status === 'exited', { message: 'the kill' });
    expect(s.sessions.get(killed.id)?.exit).toEqual({ code: null, signal: 'SIGKILL' });

    // Stop: the whole group ends, by the user's wish: exited, no code (SIGHUP is not a failure here).
    const stopped = sessions.create({ kind: 'terminal', backendId: '/bin/bash --norc --noprofile -i' });
    await t.open(stopped.id, 80, 24);
    await until(() => t.isRunning(stopped.id) || null, { message: 'the shell' });
    await sessions.stop(stopped.id);
    expect(s.sessions.get(stopped.id)).toMatchObject({ status: 'exited' });
    expect(s.sessions.get(stopped.id)?.exit).toBeUndefined();

    // The host stops (the core's close) while a shell runs: exited, not idle. Opened again (a restart), every row is as it was.
    const live = sessions.create({ kind: 'terminal', backendId: '/bin/bash --norc --noprofile -i' });
    await t.open(live.id, 80, 24);
    await until(() => t.isRunning(live.id) || null, { message: 'the shell' });
    const again = await restart(dataDir);
    const status = (id: string) => {
      const row = again.store.sessions.get(id);
      return { status: row?.status, exit: row?.exit };
    };
    expect(status(clean.id)).toEqual({ status: 'exited', exit: undefined });
    expect(status(child.id)).toEqual({ status: 'exited', exit: { code: 137, signal: null } });
    expect(status(killed.id)).toEqual({ status: 'exited', exit: { code: null, signal: 'SIGKILL' } });
    expect(status(stopped.id)).toEqual({ status: 'exited', exit: undefined });
    expect(status(live.id)).toEqual({ status: 'exited', exit: undefined });

    // Restarting a terminal makes it live again: its old failure leaves the row.
    await again.terminals.open(killed.id, 80, 24, true);
    await until(() => again.store.sessions.get(killed.id)?.status !== 'exited' || null, { message: 'the restart' });
    expect(again.store.sessions.get(killed.id)?.exit).toBeUndefined();
  }, 30_000);

  it('a host that died leaves its terminals exited at the next start; one that never ran stays as it was', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-exited-'));
    const { sessions, output, terminals: t, store: s } = start(dataDir);
    const ran = sessions.create({ kind: 'terminal', backendId: '/bin/bash --norc --noprofile -i' });
    await t.open(ran.id, 80, 24);
    await t.input(ran.id, 'echo ran-$((6*7))\r');
    await until(() => output.join('').includes('ran-42'), { message: 'the shell to answer' });
    const never = sessions.create({ kind: 'terminal', backendId: null });
    // As a host killed with -9 leaves them: the shell's row still says what it said while it lived.
    sessions.setStatus(ran.id, 'waiting');
    const later = new TerminalService({ sessions, events: new CoreEvents(), dataDir });
    later.register();
    expect(s.sessions.get(ran.id)?.status).toBe('exited');
    expect(s.sessions.get(never.id)?.status).toBe('idle');
  });

  it('a host without /proc says in the session\'s notes that prompts are known by hooks and terminal signals only', async () => {
    const noProc = start(mkdtempSync(join(tmpdir(), 'sd-exited-')), false);
    const row = noProc.sessions.create({ kind: 'terminal', backendId: 'echo hi' });
    await noProc.terminals.open(row.id, 80, 24);
    const notes = (st: Store, id: string) => st.entries.page(id, undefined, 50).entries.filter((e) => e.kind === 'note').map((e) => e.text);
    expect(notes(noProc.store, row.id)).toContain(NO_PROC_NOTE);
    await terminals!.close();
    store!.close();

    const withProc = start(mkdtempSync(join(tmpdir(), 'sd-exited-')), true);
    const other = withProc.sessions.create({ kind: 'terminal', backendId: 'echo hi' });
    await withProc.terminals.open(other.id, 80, 24);
    expect(notes(withProc.store, other.id).some((n) => n.includes('/proc'))).toBe(false);
    expect(NO_PROC_NOTE).toMatch(/hooks and terminal signals/);
  });
});
