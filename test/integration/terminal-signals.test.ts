import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CoreEvents } from '../../src/main/core/events';
import { CoreHooks, SessionsService, systemClock } from '../../src/main/core/services';
import { openStore, type Store } from '../../src/main/core/store';
import { TerminalService } from '../../src/main/core/agents/terminal/terminalService';
import { until } from '../support/until';

/**
 * Terminal conventions (SPEC §8, terminal status, issue 31): a real PTY, a real bash, and the sequences a
 * program prints (printf): an attention request or a bell that answers no keystroke is "waiting"; a
 * progress report and the shell's completion bell are not; a known TUI's title glyph is working, then done.
 */
describe('terminal status from terminal conventions (real PTY, real shell)', () => {
  let store: Store | null = null;
  let terminals: TerminalService | null = null;
  afterEach(async () => {
    await terminals?.close();
    store?.close();
  });

  async function shell() {
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-term-signals-'));
    store = openStore({ dataDir }).store;
    const events = new CoreEvents();
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock: systemClock, defaultFolder: tmpdir() });
    const output: string[] = [];
    events.subscribe((event, payload) => {
      if (event === 'terminal:data') output.push((payload as { data: string }).data);
    });
    terminals = new TerminalService({ sessions, events, dataDir });
    terminals.register();
    const row = sessions.create({ kind: 'terminal', backendId: "env PS1='ready> ' /bin/bash --norc --noprofile -i" });
    await terminals.open(row.id, 100, 30);
    const seen = (text: string) => output.join('').includes(text);
    await until(() => seen('ready> '), { message: 'the first prompt' });
    const row$ = () => store!.sessions.get(row.id)!;
    await until(() => row$().status === 'idle', { message: 'the quiet shell to be idle' });
    /** Types a line (its characters are keystrokes, Enter last) and waits for the marker it prints after the sequence. */
    const run = async (command: string, marker: string) => {
      await terminals!.input(row.id, `${command}; echo ${marker}-$((1+1))\r`);
      await until(() => seen(`${marker}-2`), { message: marker, timeoutMs: 15_000 });
    };
    /** The status once the poll has read the quiet terminal again (the shell idle for a second). */
    const settled = async () => {
      await new Promise((r) => setTimeout(r, 1_600));
      return row$().status;
    };
    return { row, row$, run, settled, seen, type: (data: string) => terminals!.input(row.id, data) };
  }

  it('OSC 9 is an attention request: waiting until the user types', async () => {
    const t = await shell();
    await t.run(String.raw`printf '\e]9;Proceed? [y/N]\a'`, 'osc9');
    await until(() => t.row$().status === 'waiting', { message: 'waiting after OSC 9' });
    expect(await t.settled()).toBe('waiting');
    await t.type('y');
    await until(() => t.row$().status === 'idle', { message: 'idle again once the user typed' });
  });

  it('OSC 9;4 is a progress report, not an attention request', async () => {
    const t = await shell();
    await t.run(String.raw`printf '\e]9;4;1;50\a'; printf '\e]9;4;0\a'`, 'progress');
    expect(await t.settled()).toBe('idle');
  });

  it('OSC 777 notify and OSC 99 are attention requests', async () => {
    const t = await shell();
    await t.run(String.raw`printf '\e]777;notify;Agent;Needs your answer\a'`, 'osc777');
    await until(() => t.row$().status === 'waiting', { message: 'waiting after OSC 777' });
    await t.type('\x15'); // Ctrl-U: a keystroke that answers it, and clears the line
    await until(() => t.row$().status === 'idle', { message: 'idle after a keystroke' });
    await t.run(String.raw`printf '\e]99;;Needs you\e\\'`, 'osc99');
    await until(() => t.row$().status === 'waiting', { message: 'waiting after OSC 99' });
  });

  it('a bell that answers no keystroke is waiting; the completion bell right after Tab is not', async () => {
    const t = await shell();
    // Tab with nothing to complete: readline rings the bell at once (bell-style audible is bash's default).
    await t.type('zzq_no_such_command_qq\t');
    await until(() => t.seen('\x07'), { message: 'the completion bell' });
    expect(await t.settled()).toBe('idle');
    await t.type('\x15');
    // The same bell a second after Enter: a program asking for the user.
    await t.run(String.raw`sleep 1; printf '\a'`, 'bell');
    await until(() => t.row$().status === 'waiting', { message: 'waiting after a bell nobody typed for' });
  });

  it("a known TUI's title glyph: idle at start-up, working while it spins, done after its turn", async () => {
    const t = await shell();
    // A stand-in TUI holding the terminal as Claude Code does: resting glyph at start, spinner, resting again, then its prompt.
    const tui = String.raw`bash -c 'printf "\e]0;✳ Claude Code\a"; sleep 2; for g in ◐ ◓ ◑ ◒ ◐ ◓; do printf "\e]0;$g Claude Code\a"; sleep 0.4; done; printf "\e]0;✳ Claude Code\a"; echo turn-over; read answer'`;
    await t.type(`${tui}\r`);
    await until(() => t.seen('turn-over') || t.row$().status === 'working', { message: 'the TUI to start' });
    // Started and resting: idle, not done (no turn yet), though a program holds the terminal.
    if (!t.seen('turn-over')) {
      await until(() => t.row$().status === 'working', { message: 'working while the title spins' });
      expect(t.row$().unread).toBe(false);
    }
    await until(() => t.seen('turn-over'), { message: 'the turn to end' });
    await until(() => t.row$().status === 'idle' && t.row$().unread, { message: 'done: idle with the unread mark' });
    // Still idle a while later although the TUI holds the terminal at its prompt.
    expect(await t.settled()).toBe('idle');
  });

  it('the resting glyph at start-up is idle, not done', async () => {
    const t = await shell();
    await t.type(String.raw`bash -c 'printf "\e]0;✳ Claude Code\a"; echo resting; read answer'` + '\r');
    await until(() => t.seen('resting'), { message: 'the TUI at rest' });
    expect(await t.settled()).toBe('idle');
    expect(t.row$().unread).toBe(false);
  });

  it('a program blocked reading the terminal at its own prompt is waiting; one sleeping is working', async () => {
    const t = await shell();
    await t.type(`python3 -c 'x = input("Proceed? [y/N] "); print("got-" + x)'\r`);
    await until(() => t.seen('Proceed? [y/N] '), { message: 'the prompt' });
    await until(() => t.row$().status === 'waiting', { message: 'waiting at the input() prompt' });
    // Typing at the prompt (its echo) does not make it working; Enter hands the line over and it goes on.
    await t.type('y');
    expect(await t.settled()).toBe('waiting');
    await t.type('\r');
    await until(() => t.seen('got-y'), { message: 'the answer read' });
    await until(() => t.row$().status === 'idle', { message: 'idle at the shell again' });
    // A program that waits on a timer holds the terminal but reads nothing: working, not waiting.
    await t.type('sleep 4\r');
    await until(() => t.row$().status === 'working', { message: 'working while sleep runs' });
    expect(await t.settled()).toBe('working');
  });
});
