import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest, Scripted } from '../support/model-server';
import { until } from '../support/until';
import { claudeInATerminal as startClaudeInATerminal, hasToolResult } from './claude-terminal-harness';

/**
 * The agent CLI's own hooks (SPEC §8, first in the order of trust; issue 31): the real Claude Code TUI
 * (2.1.332), typed into a terminal session's shell as a user would (`claude`, found through the shim first on
 * PATH), against the stand-in model server (`claude-terminal-harness.ts`). The user's own hook must still run.
 */
describe('terminal status from the agent CLI’s own hooks (real Claude Code TUI, real PTY)', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  async function claudeInATerminal(policy: (req: RecordedRequest) => Scripted) {
    const t = await startClaudeInATerminal(policy);
    close = t.close;
    return t;
  }

  it('working while a turn runs, done after it; the user’s own hook still runs', async () => {
    const t = await claudeInATerminal(() => ({ text: 'Hello from the stand-in.', delayMs: 3_000 }));
    await t.start();
    await t.type('say hello');
    await t.type('\r');
    await until(() => t.reports.includes('working'), { timeoutMs: 30_000, message: 'UserPromptSubmit reported' });
    expect(t.status()).toBe('working');
    await until(() => t.reports.includes('done'), { timeoutMs: 60_000, message: 'Stop reported' });
    await until(() => t.status() === 'idle' && t.unread(), { message: 'idle with the unread mark: done' });
    expect(t.statuses()).toContain('working');
    expect(t.statuses().at(-1)).toBe('idle+unread');
    expect(readFileSync(t.userLog, 'utf8')).toContain('prompt');
  }, 180_000);

  it('a permission prompt is waiting; answered, the turn goes on and ends done', async () => {
    let file = '';
    const t = await claudeInATerminal((req) =>
      hasToolResult(req)
        ? { text: 'Made the file.', delayMs: 1_000 }
        : { content: [{ type: 'tool_use', name: 'Bash', input: { command: `touch '${file}'`, description: 'Make the file' } }] },
    );
    file = join(t.cwd, 'made-by-claude.txt');
    await t.start();
    await t.type('make the file');
    await t.type('\r');
    await until(() => t.reports.includes('waiting'), { timeoutMs: 60_000, message: 'the permission hook' });
    await until(() => t.status() === 'waiting', { message: 'waiting' });
    await until(() => t.text().includes('Do you want to proceed?'), { message: 'the permission prompt on screen' });
    // Nothing else moves it while the prompt waits: not the title, not the /proc probe.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(t.status()).toBe('waiting');
    expect(existsSync(file)).toBe(false);
    await t.type('\r'); // "1. Yes"
    await until(() => existsSync(file), { timeoutMs: 30_000, message: 'the command allowed and run' });
    await until(() => t.status() === 'idle' && t.unread(), { timeoutMs: 60_000, message: 'done after the turn' });
    const said = t.statuses();
    expect(said.slice(said.indexOf('waiting'))).toEqual(['waiting', 'working', 'idle+unread']);
  }, 180_000);
});
