import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startModelServer, type ModelServer } from '../support/model-server';
import { agentEnv, createSessionIn, isolatedHome, type } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shootAndAudit } from './support/sweep';
import { rowByLabel } from './support/swarm';

// Issue 31: "which agent needs you" at a glance. A swarm with one row in each word of SPEC §2, each made
// the way a user makes it (chats against the stand-in model, real PTY terminals running bash), every row's
// accessible name saying its word as SPEC §7.1 does; waiting stands out most, done is quieter, a failed
// exit is in the error colour; light and dark, 1400x900 and 900x700, axe with nothing serious.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-words-');
const { home, work } = isolatedHome('words');
let model: ModelServer;
let server: RunningServer;

const CHAT_DONE = 'summarise the orchard irrigation log for last week';
const CHAT_ASKS = 'plan the kumquat harvest crews for the weekend';
const CHAT_ERROR = 'draft the pickers pay sheet for March';
const CHAT_WORKING = 'compare the three frost forecasts for the valley';

/** Each terminal's title (given as a user renames it) and the line it runs. */
const TERMINALS = {
  prompt: { title: 'Deploy script asks to proceed', line: `python3 -c 'input("Proceed with the deploy? [y/N] ")'` },
  attention: { title: 'Release build wants attention', line: `printf '\\033]9;The release build needs you\\007'; sleep 600` },
  busy: { title: 'Nightly data import', line: 'sleep 600' },
  shell: { title: 'Shell in the billing folder', line: null },
  clean: { title: 'Lint run that finished', line: 'exit' },
  failed: { title: 'Test run that failed', line: 'exit 3' },
} as const;

function screen(page: Page): Locator {
  return page.getByRole('main').getByRole('group', { name: 'Terminal' });
}

/** A terminal in a folder of its own, renamed in its pane header as a user would, running `line` (null: left at its prompt). */
async function terminal(page: Page, title: string, line: string | null): Promise<void> {
  const folder = join(work, title.split(' ')[0]!.toLowerCase());
  mkdirSync(folder, { recursive: true });
  await createSessionIn(page, 'Terminal', folder);
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 30_000 });
  const main = page.getByRole('main');
  await main.getByRole('heading').first().dblclick();
  const field = page.getByRole('textbox', { name: 'Session title' });
  await field.fill(title);
  await field.press('Enter');
  await expect(rowByLabel(page, title)).toBeVisible();
  if (line === null) return;
  await screen(page).click();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

/** A chat whose first line is `text`, its reply scripted; the user moves on before the reply ends. */
async function chat(page: Page, text: string, reply: Parameters<ModelServer['enqueue']>[0]): Promise<void> {
  model.enqueue(reply);
  await createSessionIn(page, 'Chat', work);
  await type(page, text);
}

/** The colour the row's dot and its status word are drawn with. */
async function rowColours(row: Locator): Promise<{ dot: string; halo: string; word: string; weight: string }> {
  return row.evaluate((el) => {
    const dot = el.querySelector('.status-dot');
    const word = el.querySelector('.row-status');
    if (!dot || !word) throw new Error('a row without its status dot or word');
    const d = getComputedStyle(dot);
    const w = getComputedStyle(word);
    return { dot: d.backgroundColor, halo: d.boxShadow, word: w.color, weight: w.fontWeight };
  });
}

test.beforeAll(async () => {
  model = await startModelServer({ policy: () => ({ text: 'OK' }) });
  server = await startServer({
    dataDir,
    env: agentEnv(model, home, { SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'off', SHELL: '/bin/bash' }),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

test('a swarm with one row in each word says each word, and waiting stands out most', async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });

  // Chats: an answer read later (done), an answer ending in a question (waiting), a provider that refuses
  // for two minutes (error), and one still answering (working). Each turn ends while another row is open.
  await chat(page, CHAT_DONE, { text: 'Watering ran nightly; row 7 missed Tuesday.', delayMs: 10_000 });
  await chat(page, CHAT_ASKS, { text: 'Two crews of four fit the weekend. Shall I post the rota?', delayMs: 10_000 });
  await chat(page, CHAT_ERROR, { fault: 'rate-limit', retryAfterSeconds: 120 });
  await chat(page, CHAT_WORKING, { text: 'Still comparing.', delayMs: 600_000 });
  // Terminals, in real PTYs: a program at its own prompt and one that asked for attention (OSC 9) wait; a
  // long command works; a shell at its prompt is idle; exit 0 is exited, exit 3 exited with its code.
  for (const { title, line } of Object.values(TERMINALS)) await terminal(page, title, line);

  const expected: Array<[string, RegExp]> = [
    [CHAT_DONE, /, done\b/],
    [CHAT_ASKS, /, waiting for you\b/],
    [CHAT_ERROR, /, error\b/],
    [CHAT_WORKING, /, working\b/],
    [TERMINALS.prompt.title, /, waiting for you\b/],
    [TERMINALS.attention.title, /, waiting for you\b/],
    [TERMINALS.busy.title, /, working\b/],
    [TERMINALS.shell.title, /, idle\b/],
    [TERMINALS.clean.title, /, exited(?! with)\b/],
    [TERMINALS.failed.title, /, exited with code 3\b/],
  ];
  for (const [label, word] of expected) await expect(rowByLabel(page, label)).toHaveAccessibleName(word, { timeout: 60_000 });
  // The shown words, beside the dot.
  const shown = async (label: string): Promise<string> => (await rowByLabel(page, label).locator('.row-status').innerText()).trim();
  expect(await shown(TERMINALS.failed.title)).toBe('exited 3');
  expect(await shown(TERMINALS.clean.title)).toBe('exited');
  expect(await shown(CHAT_DONE)).toBe('done');
  expect(await shown(TERMINALS.prompt.title)).toBe('waiting');

  // Open the idle shell (not one of the rows whose word would change by being read) for the pictures.
  await rowByLabel(page, TERMINALS.shell.title).click();
  const dir = process.env.SWARMDESK_SHOTS_DIR ?? join('test-results', 'status-words');
  mkdirSync(dir, { recursive: true });
  const looks = await shootAndAudit(page, dir, 'status-words');
  expect(looks.filter((l) => l.blocking.length > 0)).toEqual([]);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const waiting = await rowColours(rowByLabel(page, TERMINALS.prompt.title));
    const done = await rowColours(rowByLabel(page, CHAT_DONE));
    const failed = await rowColours(rowByLabel(page, TERMINALS.failed.title));
    const error = await rowColours(rowByLabel(page, CHAT_ERROR));
    const clean = await rowColours(rowByLabel(page, TERMINALS.clean.title));
    // Waiting: its own colour, a halo, and the boldest word; done: no halo, a plain word.
    expect(waiting.halo, scheme).not.toBe('none');
    expect(done.halo, scheme).toBe('none');
    expect(waiting.dot, scheme).not.toBe(done.dot);
    expect(Number(waiting.weight), scheme).toBeGreaterThan(Number(done.weight));
    expect(waiting.word, scheme).not.toBe(done.word);
    // A failed exit is in the error colour, a clean one is not.
    expect(failed.dot, scheme).toBe(error.dot);
    expect(failed.word, scheme).toBe(error.word);
    expect(clean.dot, scheme).not.toBe(error.dot);
    expect(clean.word, scheme).not.toBe(error.word);
  }
  await page.emulateMedia({ colorScheme: null });
});
