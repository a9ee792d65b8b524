/**
 * A terminal's label without a title, through a real PTY, a real shell and a real SQLite file
 * (issue 32, SPEC §7): the last program that ran and the folder, never the whole pipeline,
 * never re-cased, and it follows the lines as they are submitted.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { displayLabel } from '../../src/shared/label';
import { CoreEvents } from '../../src/main/core/events';
import { CoreHooks, SessionsService, systemClock } from '../../src/main/core/services';
import { openStore, type Store } from '../../src/main/core/store';
import { TerminalService } from '../../src/main/core/agents/terminal/terminalService';
import { until } from '../support/until';

describe("a terminal's label without a title (real PTY)", () => {
  let store: Store | null = null;
  let terminals: TerminalService | null = null;
  let dir = '';
  afterEach(async () => {
    await terminals?.close();
    store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A real bash in a terminal session in `<tmp>/billing-api`, its output, and its row's label as the list gives it. */
  async function bashInBillingApi() {
    dir = mkdtempSync(join(tmpdir(), 'sd-term-label-'));
    const folder = join(dir, 'billing-api');
    mkdirSync(folder);
    store = openStore({ dataDir: join(dir, 'data') }).store;
    const events = new CoreEvents();
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock: systemClock, defaultFolder: folder });
    const output: string[] = [];
    events.subscribe((event, payload) => {
      if (event === 'terminal:data') output.push((payload as { data: string }).data);
    });
    const service = new TerminalService({ sessions, events, dataDir: join(dir, 'data') });
    terminals = service; // closed by afterEach
    service.register();
    const row = sessions.create({ kind: 'terminal', folder, backendId: '/bin/bash --norc --noprofile -i' });
    await service.open(row.id, 100, 30);
    const label = (): string => {
      const listed = sessions.list(false).find((r) => r.id === row.id);
      if (!listed) throw new Error('row not listed');
      return displayLabel(listed, Date.now()).text;
    };
    return { sessions, service, row, output, label };
  }

  it('reads "pytest · <folder>" after `pytest -q | tail`, then the next program, as the list gives the row', async () => {
    const { sessions, service, row, output, label } = await bashInBillingApi();
    expect(label()).toMatch(/^Terminal · billing-api · /);

    // `pytest` may not be installed: the label names what was run, found or not.
    await service.input(row.id, 'pytest -q 2>&1 | tail -n 1; echo "done-$((1+1))"\r');
    // pytest, where installed, can take seconds to start on a busy machine.
    await until(() => output.join('').includes('done-2'), { message: 'the first line ran', timeoutMs: 60_000 });
    await until(() => label() !== '' && !label().startsWith('Terminal'), { message: 'the label follows the line' });
    expect(label()).toBe('pytest · billing-api');

    await service.input(row.id, 'ls -la | wc -l\r');
    await until(() => label() === 'ls · billing-api', { message: 'the label follows the last line' });
    expect(sessions.get(row.id).firstUserLine).toBe('ls -la | wc -l');
  });

  it("a line typed to a program there (an answer to Python's input()) is not the terminal's command: the label keeps the program", async () => {
    const { sessions, service, row, output, label } = await bashInBillingApi();

    await service.input(row.id, 'python3 -c \'a = input("name? "); print("got-" + a)\'\r');
    await until(() => output.join('').includes('name? '), { message: 'python asks' });
    expect(label()).toBe('python3 · billing-api');
    // The answer reads like a command; typed to Python, it is not one.
    await service.input(row.id, 'pytest -q | tail\r');
    await until(() => output.join('').includes('got-pytest'), { message: 'python got the answer' });
    // Python has ended and the shell shows its prompt again (a line typed ahead, while Python still held the
    // terminal, would be taken as Python's).
    await until(() => /got-pytest[\s\S]*[$#] $/.test(output.join('')), { message: "the shell's prompt" });
    expect(label()).toBe('python3 · billing-api');
    expect(sessions.get(row.id).firstUserLine).toBe('python3 -c \'a = input("name? "); print("got-" + a)\'');
    // It is kept as typed, marked as a program's.
    const typed = sessions.newestEntries(row.id, 20).filter((e) => e.kind === 'user');
    expect(typed.map((e) => [e.text, e.meta?.to ?? null])).toEqual([
      ['python3 -c \'a = input("name? "); print("got-" + a)\'', null],
      ['pytest -q | tail', 'program'],
    ]);

    // Back at the shell's prompt, a line is a command again.
    await service.input(row.id, 'ls -la | wc -l\r');
    await until(() => label() === 'ls · billing-api', { message: 'the next command' });
  });

  it("a terminal that runs a program itself (no shell) takes no typed line as its command", async () => {
    dir = mkdtempSync(join(tmpdir(), 'sd-term-label-'));
    const folder = join(dir, 'notes');
    mkdirSync(folder);
    store = openStore({ dataDir: join(dir, 'data') }).store;
    const events = new CoreEvents();
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock: systemClock, defaultFolder: folder });
    const output: string[] = [];
    events.subscribe((event, payload) => {
      if (event === 'terminal:data') output.push((payload as { data: string }).data);
    });
    terminals = new TerminalService({ sessions, events, dataDir: join(dir, 'data') });
    terminals.register();
    // A REPL as the terminal's command: bash -c runs it in its own place.
    const row = sessions.create({ kind: 'terminal', folder, backendId: 'python3 -q -i' });
    await terminals.open(row.id, 100, 30);
    await until(() => output.join('').includes('>>> '), { message: 'the REPL is up' });
    // A line that would read as a program at a shell's prompt ("sorted · notes").
    await terminals.input(row.id, 'sorted\r');
    await until(() => output.join('').includes('built-in function sorted'), { message: 'the REPL ran the line' });
    const listed = sessions.list(false).find((r) => r.id === row.id);
    if (!listed) throw new Error('row not listed');
    expect(displayLabel(listed, Date.now()).text).toMatch(/^Terminal · notes · /);
  });
});
