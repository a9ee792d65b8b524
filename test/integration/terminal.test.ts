import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/shared/domain/session';
import { CoreEvents } from '../../src/main/core/events';
import { CoreHooks, SessionsService, systemClock } from '../../src/main/core/services';
import { openStore, type Store } from '../../src/main/core/store';
import { TerminalService } from '../../src/main/core/agents/terminal/terminalService';
import { startCore, type Harness } from '../unit/core/harness';
import { until } from '../support/until';

/** Whether a pid is a live (non-zombie) process. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

describe('terminal backend (real PTY)', () => {
  let store: Store | null = null;
  let terminals: TerminalService | null = null;
  afterEach(async () => {
    await terminals?.close();
    store?.close();
  });

  function setUp() {
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-term-'));
    store = openStore({ dataDir }).store;
    const events = new CoreEvents();
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock: systemClock, defaultFolder: tmpdir() });
    const output: string[] = [];
    const exits: Array<{ exitCode: number; signal: string | null }> = [];
    events.subscribe((event, payload) => {
      if (event === 'terminal:data') output.push((payload as { data: string }).data);
      if (event === 'terminal:exit') exits.push(payload as { exitCode: number; signal: string | null });
    });
    terminals = new TerminalService({ sessions, events, dataDir });
    terminals.register();
    return { sessions, output, exits, dataDir, events };
  }

  const notes = (s: Store, id: string): Entry[] => s.entries.page(id, undefined, 100).entries.filter((e) => e.kind === 'note');

  it('runs a command, streams its output, records the exit code and keeps the scrollback', async () => {
    const { sessions, output, exits, dataDir, events } = setUp();
    const row = sessions.create({ kind: 'terminal', backendId: "bash -c 'echo hello; exit 3'" });
    const opened = await terminals!.open(row.id, 80, 24);
    expect(opened.running).toBe(true);
    await until(() => exits.length > 0, { message: 'exit' });
    expect(output.join('')).toContain('hello');
    expect(exits[0]).toMatchObject({ sessionId: row.id, exitCode: 3, signal: null });
    expect(notes(store!, row.id).map((e) => e.text)).toContain('Exited with code 3.');
    expect(store!.sessions.get(row.id)).toMatchObject({ status: 'exited', exit: { code: 3, signal: null } });

    // A pane opened later (another service, as after a restart) paints the saved scrollback and does not rerun;
    // a row a killed host left working, which ran (its screen was kept), is exited: no PTY outlives its host.
    // Waited for by its content: the file exists from the start already (it marks that the terminal ran), and under
    // load the save at the exit can land after the exit is told.
    const saved = join(dataDir, 'terminals', `${row.id}.log`);
    await until(() => existsSync(saved) && readFileSync(saved, 'utf8').includes('hello'), { message: 'the screen saved on exit' });
    sessions.setStatus(row.id, 'working');
    const later = new TerminalService({ sessions, events, dataDir });
    later.register();
    expect(store!.sessions.get(row.id)?.status).toBe('exited');
    const reopened = await later.open(row.id, 80, 24);
    expect(reopened.running).toBe(false);
    expect(reopened.scrollback).toContain('hello');
    expect(later.activity(row.id).screen).toContain('hello');
  });

  it('records submitted lines as user entries and reads the screen tail', async () => {
    const { sessions, output } = setUp();
    const row = sessions.create({ kind: 'terminal', backendId: '/bin/bash --norc --noprofile -i' });
    await terminals!.open(row.id, 100, 30);
    await terminals!.input(row.id, 'echo "sum=$((40+2))"\r');
    await until(() => output.join('').includes('sum=42'), { message: 'command output' });
    const users = store!.entries.page(row.id, undefined, 100).entries.filter((e) => e.kind === 'user');
    expect(users.map((e) => e.text)).toEqual(['echo "sum=$((40+2))"']);
    const activity = terminals!.activity(row.id);
    expect(activity.lines).toEqual(['echo "sum=$((40+2))"']);
    expect(activity.screen).toContain('sum=42');
    expect(activity.screen).not.toContain('\x1b');
    // The composer types a line too.
    await sessions.send(row.id, 'echo composer-line');
    await until(() => output.join('').includes('composer-line\r\n'), { message: 'composer output' });
  });

  it('a killed child gets a clear status and note; Stop ends the whole group', async () => {
    const { sessions, exits, output } = setUp();
    // Each command says when it is in place (the trap set, the child started): the test waits for that line.
    const killed = sessions.create({ kind: 'terminal', backendId: 'echo killed-ready; exec sleep 30' });
    await terminals!.open(killed.id, 80, 24);
    const pid = await until(() => terminals!.pid(killed.id), { message: 'pid' });
    await until(() => output.join('').includes('killed-ready'), { message: 'the command to start' });
    process.kill(pid, 'SIGKILL');
    await until(() => exits.length > 0, { message: 'exit after kill' });
    expect(exits[0]?.signal).toBe('SIGKILL');
    expect(store!.sessions.get(killed.id)).toMatchObject({ status: 'exited', exit: { code: null, signal: 'SIGKILL' } });
    expect(notes(store!, killed.id).map((e) => e.text)).toContain('Ended by SIGKILL.');
    expect(terminals!.isRunning(killed.id)).toBe(false);
    await expect(terminals!.input(killed.id, 'x')).rejects.toThrow(/not running/);

    // A shell that ignores SIGTERM, with a child of its own: Stop still ends both within the grace period.
    const stubborn = sessions.create({ kind: 'terminal', backendId: "trap '' TERM HUP; sleep 60 & echo stubborn-ready; wait" });
    await terminals!.open(stubborn.id, 80, 24);
    const shellPid = await until(() => terminals!.pid(stubborn.id), { message: 'pid' });
    await until(() => output.join('').includes('stubborn-ready'), { message: 'the trap and the child to be in place' });
    const t0 = Date.now();
    await sessions.stop(stubborn.id);
    expect(Date.now() - t0).toBeLessThan(3_500);
    expect(isAlive(shellPid)).toBe(false);
    expect(notes(store!, stubborn.id).map((e) => e.text)).toContain('Stopped.');
    // A stop by the user is no failure: exited, without a code.
    expect(store!.sessions.get(stubborn.id)?.status).toBe('exited');
    expect(store!.sessions.get(stubborn.id)?.exit).toBeUndefined();
  });

  it('through the core: channels drive the PTY, and ambient calls see the submitted line and the screen tail', async () => {
    const h: Harness = startCore();
    try {
      // The harness puts a recording stand-in on every kind; take terminals back.
      h.core.services.terminals.register();
      const row = await h.ok('sessions:create', { kind: 'terminal' });
      const opened = await h.ok('terminal:open', { id: row.id, cols: 100, rows: 30 });
      expect(opened.running).toBe(true);
      await h.ok('terminal:input', { id: row.id, data: 'echo ambient-$((6*7))\r' });
      await until(() => h.eventsOf('terminal:data').map((e) => e.data).join('').includes('ambient-42'), { message: 'output' });
      await h.ok('terminal:resize', { id: row.id, cols: 60, rows: 20 });
      const bad = await h.call('terminal:resize', { id: row.id, cols: 0, rows: 20 });
      expect(bad.ok ? null : bad.error.code).toBe('BAD_INPUT');
      const recent = h.core.services.ambient.engine.recentEntries(row.id, 30);
      expect(recent.filter((e) => e.kind === 'user').map((e) => e.text)).toEqual(['echo ambient-$((6*7))']);
      const screen = recent.at(-1);
      expect(screen?.kind).toBe('note');
      expect(screen?.text).toContain('ambient-42');
      expect(screen?.text).not.toContain('\x1b');
      // Material only: the screen note is not in the transcript.
      expect((await h.ok('entries:page', { id: row.id })).entries.some((e) => e.text.includes('The terminal shows'))).toBe(false);
    } finally {
      await h.core.close();
    }
  });

  it("a terminal session's environment holds none of Swarmdesk's secrets (SPEC §11)", async () => {
    const secrets = {
      ANTHROPIC_API_KEY: `sk-ant-api03-${randomUUID()}`,
      ANTHROPIC_AUTH_TOKEN: `auth-${randomUUID()}`,
      OPENAI_API_KEY: `sk-proj-${randomUUID()}`,
    };
    const h: Harness = startCore({ env: { ...secrets, SWARMDESK_ENV_PROBE: 'probe-visible' } });
    try {
      h.core.services.terminals.register();
      const row = await h.ok('sessions:create', { kind: 'terminal' });
      await h.ok('terminal:open', { id: row.id, cols: 200, rows: 50 });
      await h.ok('terminal:input', { id: row.id, data: 'env; exit\r' });
      await until(() => h.eventsOf('terminal:exit').length > 0, { message: 'env to exit' });
      // The scrollback as kept on disk and as a reopened pane paints it.
      const reopened = await h.ok('terminal:open', { id: row.id, cols: 200, rows: 50 });
      const onDisk = readFileSync(join(h.dataDir, 'terminals', `${row.id}.log`), 'utf8');
      for (const text of [reopened.scrollback, onDisk]) {
        expect(text).toContain('SWARMDESK_ENV_PROBE=probe-visible'); // env really ran and printed
        for (const [name, value] of Object.entries(secrets)) {
          expect(text, name).not.toContain(value);
          expect(text, name).not.toContain(`${name}=`);
        }
      }
    } finally {
      await h.core.close();
    }
  });
});
