import { createRequire } from 'node:module';
import type * as HeadlessModule from '@xterm/headless';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../src/shared/ipc/events';
import { startCore, type Harness } from '../unit/core/harness';
import { until } from '../support/until';

// A second headless xterm stands in for the pane: what it shows after the snapshot and the live stream is what a user sees.
const { Terminal } = createRequire(import.meta.url)('@xterm/headless') as typeof HeadlessModule;

type DataEvent = EventPayload<'terminal:data'>;

/** A fresh view, as a reloaded pane builds it: the snapshot, then the live output from its offset on. */
async function paneView(snapshot: { scrollback: string; offset: number }, live: DataEvent[], cols: number, rows: number): Promise<string[]> {
  const term = new Terminal({ cols, rows, scrollback: 10_000, allowProposedApi: true });
  term.write(snapshot.scrollback);
  for (const e of live) {
    const skip = snapshot.offset - e.offset;
    if (skip >= e.data.length) continue;
    term.write(skip > 0 ? e.data.slice(skip) : e.data);
  }
  await new Promise<void>((resolve) => term.write('', resolve));
  const buffer = term.buffer.active;
  const lines: string[] = [];
  for (let y = 0; y < buffer.length; y += 1) lines.push(buffer.getLine(y)?.translateToString(true) ?? '');
  term.dispose();
  return lines;
}

describe('terminal state in the core (real PTY, real bash, headless xterm)', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.core.close();
    h = null;
  });

  async function shell(): Promise<{ h: Harness; id: string }> {
    h = startCore({ env: { SHELL: '/bin/bash' } });
    h.core.services.terminals.register();
    const row = await h.ok('sessions:create', { kind: 'terminal', command: '/bin/bash --norc --noprofile -i' });
    await h.ok('terminal:open', { id: row.id, cols: 80, rows: 24 });
    const ready = h;
    await until(() => /[$#] $/.test(output(ready)), { message: 'the prompt' });
    return { h: ready, id: row.id };
  }

  const output = (harness: Harness): string => harness.eventsOf('terminal:data').map((e) => e.data).join('');
  const status = (harness: Harness, id: string): string | undefined => harness.core.services.store.sessions.get(id)?.status;

  it('a fresh attach gets the whole screen and scrollback, in order and in colour, and the live stream joins it without gap or overlap', async () => {
    const { h, id } = await shell();
    // Output while no pane watches, more lines than a screen, then a resize, then colour.
    await h.ok('terminal:input', { id, data: 'for i in $(seq 1 300); do echo "row-$i"; done\r' });
    await until(() => output(h).includes('row-300'), { message: 'the loop output' });
    await h.ok('terminal:resize', { id, cols: 60, rows: 20 });
    await h.ok('terminal:input', { id, data: "printf '\\033[31m%s\\033[0m\\n' red-$((6*7))\r" });
    await until(() => output(h).includes('red-42'), { message: 'the coloured line' });

    // Every push says where it starts: together they are one unbroken stream.
    const pushes = h.eventsOf('terminal:data');
    for (let i = 1; i < pushes.length; i += 1) expect(pushes[i]?.offset).toBe((pushes[i - 1]?.offset ?? 0) + (pushes[i - 1]?.data.length ?? 0));

    const seen = pushes.length;
    const snapshot = await h.ok('terminal:open', { id, cols: 60, rows: 20 });
    expect(snapshot.running).toBe(true);
    expect(snapshot.scrollback).toContain('\x1b[31mred-42'); // the colour is kept, not just the text
    // Output that comes after the attach: typed now, shown once.
    await h.ok('terminal:input', { id, data: 'echo "after-$((50+5))"\r' });
    await until(() => output(h).includes('after-55'), { message: 'output after the attach' });
    const view = await paneView(snapshot, h.eventsOf('terminal:data').slice(Math.max(0, seen - 2)), 60, 20);
    const rowsSeen = view.filter((l) => /^row-\d+$/.test(l)).map((l) => Number(l.slice(4)));
    expect(rowsSeen).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    const at = (text: string) => view.findIndex((l) => l === text);
    expect(at('red-42')).toBeGreaterThan(at('row-300'));
    expect(view.filter((l) => l === 'after-55')).toHaveLength(1);
    expect(at('after-55')).toBeGreaterThan(at('red-42'));
  });

  it('screenOnly opens to the visible screen alone (in colour); the scrollback opened after it, with the output between, joins it in order', async () => {
    const { h, id } = await shell();
    await h.ok('terminal:input', { id, data: 'for i in $(seq 1 200); do echo "row-$i"; done; printf \'\\033[32m%s\\033[0m\\n\' green-$((6*7))\r' });
    await until(() => output(h).includes('green-42'), { message: 'the loop output' });
    const seen = h.eventsOf('terminal:data').length;

    const screen = await h.ok('terminal:open', { id, cols: 80, rows: 24, screenOnly: true });
    expect(screen.scrollback).toContain('\x1b[32mgreen-42');
    expect(screen.scrollback).not.toContain('row-150'); // above the screen: not in it
    const screenView = await paneView(screen, [], 80, 24);
    expect(screenView).toContain('row-199');
    expect(screenView).toHaveLength(24); // the screen alone: no line above it

    // Output between the screen and the scrollback: in the second snapshot, and never twice after it.
    await h.ok('terminal:input', { id, data: 'echo "between-$((3*3))"\r' });
    await until(() => output(h).includes('between-9'), { message: 'output between the two opens' });
    const full = await h.ok('terminal:open', { id, cols: 80, rows: 24 });
    expect(full.offset).toBeGreaterThan(screen.offset);
    await h.ok('terminal:input', { id, data: 'echo "after-$((4*4))"\r' });
    await until(() => output(h).includes('after-16'), { message: 'output after the scrollback' });
    const view = await paneView(full, h.eventsOf('terminal:data').slice(Math.max(0, seen - 2)), 80, 24);
    expect(view.filter((l) => /^row-\d+$/.test(l)).map((l) => Number(l.slice(4)))).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const at = (text: string) => view.findIndex((l) => l === text);
    expect(view.filter((l) => l === 'between-9')).toHaveLength(1);
    expect(view.filter((l) => l === 'after-16')).toHaveLength(1);
    expect(at('green-42')).toBeLessThan(at('between-9'));
    expect(at('between-9')).toBeLessThan(at('after-16'));
  });

  it('a reopened app shows the saved screen of a terminal that ran before', async () => {
    const { h: first, id } = await shell();
    await first.ok('terminal:input', { id, data: 'echo "kept-$((20+3))"; exit\r' });
    await until(() => first.eventsOf('terminal:exit').length > 0, { message: 'the shell to exit' });
    const dataDir = first.dataDir;
    await first.core.close();
    h = startCore({ dataDir, env: { SHELL: '/bin/bash' } });
    h.core.services.terminals.register();
    const reopened = await h.ok('terminal:open', { id, cols: 80, rows: 24 });
    expect(reopened.running).toBe(false);
    const view = await paneView(reopened, [], 80, 24);
    expect(view).toContain('kept-23');
  });

  it("a shell's start is not work: its first prompt leaves it idle; a command that keeps printing is working", async () => {
    h = startCore({ env: { SHELL: '/bin/bash' } });
    h.core.services.terminals.register();
    const harness = h;
    const statusesOf = (id: string): string[] => harness.eventsOf('session:changed').filter((row) => row.id === id).map((row) => row.status);
    const shellRow = await h.ok('sessions:create', { kind: 'terminal', command: '/bin/bash --norc --noprofile -i' });
    await h.ok('terminal:open', { id: shellRow.id, cols: 80, rows: 24 });
    await until(() => /[$#] $/.test(output(harness)), { message: 'the prompt' });
    await new Promise((r) => setTimeout(r, 2_000));
    expect(statusesOf(shellRow.id)).not.toContain('working');
    expect(status(h, shellRow.id)).toBe('idle');

    const printer = await h.ok('sessions:create', { kind: 'terminal', command: "/bin/bash -c 'while true; do echo tick; sleep 0.1; done'" });
    await h.ok('terminal:open', { id: printer.id, cols: 80, rows: 24 });
    await until(() => status(harness, printer.id) === 'working', { timeoutMs: 3_000, message: 'working once its start is over and it still prints' });
  });

  it('a resize is not work: the shell redraws its prompt and the terminal stays idle', async () => {
    const { h, id } = await shell();
    await until(() => status(h, id) === 'idle', { message: 'idle at the prompt' });
    const changes = h.eventsOf('session:changed').length;
    const before = h.eventsOf('terminal:data').length;
    await h.ok('terminal:resize', { id, cols: 70, rows: 20 });
    // bash redraws its prompt on SIGWINCH: output with no key behind it, which would otherwise read as work.
    await until(() => h.eventsOf('terminal:data').length > before, { message: 'the redraw' });
    await new Promise((r) => setTimeout(r, 1_500));
    const statuses = h.eventsOf('session:changed').slice(changes).filter((row) => row.id === id).map((row) => row.status);
    expect(statuses).not.toContain('working');
    expect(status(h, id)).toBe('idle');
  });

  it('status follows the process: a running command is working, the shell back at its prompt is idle, Stop interrupts the job', async () => {
    const { h, id } = await shell();
    await until(() => status(h, id) === 'idle', { message: 'idle at the prompt' });
    await h.ok('terminal:input', { id, data: 'sleep 3\r' });
    await until(() => status(h, id) === 'working', { timeoutMs: 2_500, message: 'working while sleep runs' });
    await until(() => status(h, id) === 'idle', { timeoutMs: 6_000, message: 'idle once the prompt is back' });

    await h.ok('terminal:input', { id, data: 'sleep 30; echo not-interrupted\r' });
    await until(() => status(h, id) === 'working', { timeoutMs: 2_500, message: 'working while sleep 30 runs' });
    const t0 = performance.now();
    await h.ok('terminal:interrupt', { id });
    await until(() => status(h, id) === 'idle', { timeoutMs: 5_000, message: 'idle after Stop' });
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(h.core.services.terminals.isRunning(id)).toBe(true); // the shell lives on
    await h.ok('terminal:input', { id, data: 'echo "still-$((1+1))"\r' });
    await until(() => output(h).includes('still-2'), { message: 'the shell answers after Stop' });
  });

  it('a line typed while the terminal does not echo (read -s) is never stored nor searchable; a normal line is', async () => {
    const { h, id } = await shell();
    const secret = 'hunter2-zebra-quasar';
    await h.ok('terminal:input', { id, data: 'read -s -p "Password: " SD_SECRET\r' });
    await until(() => output(h).includes('Password: '), { message: 'the password prompt' });
    for (const ch of secret) await h.ok('terminal:input', { id, data: ch });
    await h.ok('terminal:input', { id, data: '\r' });
    await h.ok('terminal:input', { id, data: 'echo "got-${#SD_SECRET}-chars"\r' });
    await until(() => output(h).includes(`got-${secret.length}-chars`), { message: 'read -s to have the secret' });
    await h.ok('terminal:input', { id, data: 'echo visible-marker-line\r' });
    await until(() => output(h).split('visible-marker-line').length > 2, { message: 'the normal line to run' });

    const texts = (await h.ok('entries:page', { id })).entries.map((e) => e.text);
    expect(texts).toContain('echo visible-marker-line');
    expect(texts.some((t) => t.includes(secret))).toBe(false);
    expect((await h.ok('sessions:search', { query: 'visible-marker-line' })).ids).toContain(id);
    expect((await h.ok('sessions:search', { query: secret })).ids).toEqual([]);
    expect((await h.ok('sessions:search', { query: 'hunter2' })).ids).toEqual([]);
    expect(h.core.services.terminals.activity(id).lines.join('\n')).not.toContain(secret);
    expect(output(h)).not.toContain(secret); // not echoed, so not on the screen either
  });
});
