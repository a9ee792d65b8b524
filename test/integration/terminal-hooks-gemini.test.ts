import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GEMINI_BIN, makeGeminiHome, STAND_IN_GEMINI_KEY, type GeminiHome } from '../support/geminiHome';
import { startGeminiStandIn, type GeminiStandIn } from '../support/geminiStandIn';
import { recordHookReports } from '../support/hookReports';
import { until } from '../support/until';
import { startCore, type Harness } from '../unit/core/harness';

/**
 * The Gemini CLI's own hooks (SPEC §8, issue 31): the real Gemini CLI 0.61 TUI typed into a terminal
 * session's shell (`gemini`, through the shim that points GEMINI_CLI_SYSTEM_DEFAULTS_PATH at our hooks),
 * against the Gemini stand-in: BeforeAgent working, AfterAgent done, a tool permission waiting.
 */
// As anyone but root the defaults file is the user's own, which Gemini never reads: the shim offers none (agent-shims.test).
describe.runIf(process.getuid?.() === 0)('terminal status from the Gemini CLI’s own hooks (real Gemini CLI TUI, real PTY)', () => {
  let h: Harness | null = null;
  let standIn: GeminiStandIn | null = null;
  let home: GeminiHome | null = null;
  let dataDir: string | null = null;
  afterEach(async () => {
    await h?.core.close();
    await standIn?.close();
    home?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    h = standIn = home = dataDir = null;
  });

  async function geminiInATerminal() {
    standIn = await startGeminiStandIn();
    home = makeGeminiHome(standIn.url);
    const cwd = join(home.home, 'project');
    mkdirSync(cwd);
    const { GEMINI_API_KEY: _key, NO_COLOR: _noColor, ...env } = home.env;
    // Gemini reads a system defaults file only where it and every folder above it are root's and writable by no
    // one else (geminiTrust.ts): the data folder lies in root's own ~/.cache, not under /tmp or a clone there.
    const cache = join(homedir(), '.cache');
    mkdirSync(cache, { recursive: true });
    dataDir = mkdtempSync(join(cache, 'sd-gemini-hooks-'));
    h = startCore({ dataDir, env: { ...env, PATH: `${join(GEMINI_BIN, '..')}:/usr/local/bin:/usr/bin:/bin`, TERM: 'xterm-256color' } });
    const core = h.core;
    core.services.terminals.register();
    const reports = recordHookReports(core.services.terminals);
    // The key comes from the user's own shell set-up (a terminal gets none of Swarmdesk's).
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: cwd, command: `GEMINI_API_KEY=${STAND_IN_GEMINI_KEY} PS1='ready> ' exec /bin/bash --norc --noprofile -i` });
    await h.ok('terminal:open', { id: row.id, cols: 120, rows: 40 });
    const text = () => core.services.terminals.activity(row.id).screen;
    await until(() => text().includes('ready>'), { message: 'the shell prompt' });
    const type = (data: string) => h!.ok('terminal:input', { id: row.id, data });
    const status = () => core.services.sessions.get(row.id).status;
    const unread = () => core.services.sessions.get(row.id).unread;
    /** Types a prompt, and Enter once the TUI shows it (an Enter in the same burst reads as part of a paste). */
    const prompt = async (line: string) => {
      const before = reports.length;
      await type(line);
      await until(() => text().includes(line), { message: `"${line}" in the input box` });
      // Gemini's TUI may drop an Enter while it still settles (seen here under load): pressed again until the prompt goes.
      for (let tries = 0; reports.length === before && tries < 4; tries += 1) {
        await type('\r');
        await until(() => reports.length > before, { timeoutMs: 8_000, message: 'BeforeAgent reported' }).catch(() => undefined);
      }
      expect(reports.length, 'BeforeAgent reported').toBeGreaterThan(before);
    };
    const start = async () => {
      await type('gemini\r');
      await until(() => /Type your message/i.test(text()) && !text().includes('Initializing...'), { timeoutMs: 90_000, message: 'the Gemini CLI TUI, initialized' });
    };
    return { row, cwd, reports, text, type, prompt, status, unread, start };
  }

  it('a prompt works, its answer is done; a tool permission waits until answered', async () => {
    const t = await geminiInATerminal();
    await t.start();
    await t.prompt('hello marmalade');
    await until(() => t.reports.includes('done'), { timeoutMs: 60_000, message: 'AfterAgent reported' });
    expect(t.reports.slice(0, 2)).toEqual(['working', 'done']);
    await until(() => t.status() === 'idle' && t.unread(), { message: 'done' });

    const file = join(t.cwd, 'from-gemini.txt');
    await t.prompt(`write ${file} with: hooked`);
    await until(() => t.reports.includes('waiting'), { timeoutMs: 60_000, message: 'the ToolPermission notification' });
    await until(() => t.status() === 'waiting', { message: 'waiting' });
    expect(existsSync(file)).toBe(false);
    await until(() => t.text().includes('Allow once'), { message: 'the permission dialog on screen' });
    await t.type('\r'); // 1. Allow once
    await until(() => existsSync(file) && readFileSync(file, 'utf8').includes('hooked'), { timeoutMs: 30_000, message: 'the write allowed' });
    await until(() => t.status() === 'idle' && t.unread(), { timeoutMs: 60_000, message: 'done after the turn' });
  }, 240_000);
});
