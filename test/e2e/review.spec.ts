import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { git, makeRepo } from '../support/gitRepo';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server';
import { agentEnv, isolatedHome, transcript, worktreeFolders } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS, BLOCKING_IMPACTS, shootAndAudit } from './support/sweep';
import { rows } from './support/swarm';

// Comments on the diff go back to the agent (issue 35, SPEC §7.1 "review") in a real Chromium through web mode:
// a chat session in its own worktree of a real repository, answered by the stand-in model server, whose files
// are changed in the worktree. With the keyboard alone three line comments (one a range, one on a removed
// line) and one on a whole (binary) file; drafts kept over a reload; the review sent as one message holding
// each file, range and quote (the stand-in's log); then the mouse: hover, Shift+click, Resolve. Focus is
// checked after every action. Screenshots at 1400x900 and 900x700, light and dark, with axe (no serious
// finding), into SWARMDESK_SHOTS_DIR (default test-results/review).
test.describe.configure({ mode: 'serial' });

const shots = process.env.SWARMDESK_SHOTS_DIR ?? 'test-results/review';
const dataDir = freshDataDir('swarmdesk-e2e-review-');
const { home } = isolatedHome('review');
const repo = makeRepo('shop');
let model: ModelServer;
let server: RunningServer;

const OLD_CART = ['export function total(items: number[]): number {', '  let sum = 0;', '  for (const i of items) sum += i;', '  return sum;', '}', ''].join('\n');
const NEW_CART = ['export function total(items: number[]): number {', '  const sum = items.reduce((a, i) => a + i, 0);', '  return Math.round(sum * 100) / 100;', '}', 'export const TAX = 0.2;', ''].join('\n');
const REPLY = 'I will address each of your comments.';

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'src', 'cart.ts'), OLD_CART);
  writeFileSync(join(repo, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));
  git(repo, 'add', '.');
  git(repo, 'commit', '--quiet', '-m', 'cart');
  model = await startModelServer({ policy: () => ({ text: REPLY }) });
  server = await startServer({ dataDir, env: agentEnv(model, home, { SWARMDESK_IMPORT: 'off' }) });
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

/** Whether `target` is the focused element. */
const focused = (target: Locator): Promise<boolean> => target.evaluate((el) => el === document.activeElement);

/** Presses `key` (Tab, Shift+Tab, an arrow) until `target` has focus, as a keyboard user would (bounded). */
async function keyTo(page: Page, target: Locator, key = 'Tab', most = 80): Promise<void> {
  for (let i = 0; i < most && !(await focused(target)); i += 1) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

/** The focusable "Comment on line N" button of a side ('old': the version before the change). */
function lineButton(diff: Locator, line: number, side: 'old' | 'new'): Locator {
  return diff.locator(`[data-add-widget="${side}"] button[tabindex="0"][data-comment-line="${String(line)}"]`);
}

/** Types a comment into the open field, then Tab to "Add comment" and Enter. */
async function writeComment(page: Page, diff: Locator, text: string): Promise<void> {
  const field = diff.getByRole('textbox', { name: 'Comment' });
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
  await expect(diff.getByRole('button', { name: 'Add comment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(field).toBeHidden();
}

/** The request that carried the review: its last user message's text. */
function reviewRequests(): string[] {
  return model.requests.flatMap((r: RecordedRequest) => {
    const messages = Array.isArray(r.body?.messages) ? (r.body.messages as Array<{ role?: string; content?: unknown }>) : [];
    const last = [...messages].reverse().find((m) => m.role === 'user');
    const text = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
    return text.includes('Review of your changes:') ? [text] : [];
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const { look, blocking } of await shootAndAudit(page, shots, name)) expect.soft(blocking, look).toEqual([]);
}

/**
 * The page as it is now, one screenshot and axe (at one size and scheme: the shared sweep would leave the
 * page at another).
 */
async function shootOnce(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `${name}.png`) });
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect.soft(violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? '')).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), name).toEqual([]);
}

test('with the keyboard alone: comments on a range, a removed line, a line and a binary file; kept over a reload; sent as one message; marked sent', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  // A chat in a new worktree of the repository (the dialog's choice for a repository).
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Chat' });
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(repo);
  await expect(dialog.getByRole('checkbox', { name: 'Work in a new git worktree' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  const [worktree] = worktreeFolders(dataDir, repo);
  expect(worktree).toBeDefined();
  // The agent's changes: a function rewritten (lines removed and added) and a binary file changed.
  writeFileSync(join(worktree!, 'src', 'cart.ts'), NEW_CART);
  writeFileSync(join(worktree!, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 2]));

  // From here on the keyboard alone.
  const changes = page.getByRole('main').getByRole('button', { name: 'Changes', exact: true });
  await keyTo(page, changes);
  await page.keyboard.press('Enter');
  const region = page.getByRole('region', { name: 'Changes' });
  const cart = region.getByRole('listitem', { name: /^src\/cart\.ts \+/ });
  const logo = region.getByRole('listitem', { name: /^logo\.png binary/ });
  await expect(cart).toBeVisible({ timeout: 15_000 });
  await keyTo(page, logo);
  await page.keyboard.press('Enter');
  const logoDiff = region.getByRole('group', { name: 'Diff of logo.png' });
  await expect(logoDiff).toContainText('binary file', { timeout: 15_000 });
  const onFile = logoDiff.getByRole('button', { name: 'Comment on file' });
  await keyTo(page, onFile);
  await page.keyboard.press('Enter');
  await writeComment(page, logoDiff, 'Use the SVG logo instead');
  await expect(onFile).toBeFocused();

  await keyTo(page, logo, 'Shift+Tab');
  await keyTo(page, cart, 'ArrowDown', 4);
  await page.keyboard.press('Enter');
  const diff = region.getByRole('group', { name: 'Diff of src/cart.ts' });
  await expect(diff.locator('td.diff-line-old-content', { hasText: 'let sum = 0;' })).toHaveCount(1, { timeout: 15_000 });
  // A removed line: the old side's line 2, reached with Tab and ArrowDown.
  await keyTo(page, lineButton(diff, 1, 'old'));
  await page.keyboard.press('ArrowDown');
  const removed = lineButton(diff, 2, 'old');
  await expect(removed).toBeFocused();
  await expect(removed).toHaveAccessibleName('Comment on line 2');
  await page.keyboard.press('Enter');
  await writeComment(page, diff, 'Keep the plain loop: it reads better');
  await expect(removed).toBeFocused();

  // A range: from the new side's line 2, Shift+ArrowDown to line 3, the lines marked; Enter opens the field.
  const line2 = lineButton(diff, 2, 'new');
  await keyTo(page, line2);
  await page.keyboard.press('Shift+ArrowDown');
  await expect(line2).toBeFocused();
  await expect(line2).toHaveAccessibleName('Comment on line 2'); // SPEC §7.1's name, kept while a range is chosen
  await expect(line2).toHaveAccessibleDescription('Lines 2–3 chosen');
  await expect(diff.locator('td[data-review-range][class*="content"]')).toHaveText([/items\.reduce/, /Math\.round/]);
  await shootOnce(page, 'review-range-1400x900-light');
  await page.keyboard.press('Enter');
  await expect(diff.getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription('On src/cart.ts, lines 2-3');
  await page.keyboard.type('Round only when showing the total');
  await shootOnce(page, 'review-field-1400x900-light');
  // The window narrowed while typing (the diff drawn anew, unified) and widened again (split): the field
  // comes back each time with its text, and the focus, so typing goes on in it.
  const typing = diff.getByRole('textbox', { name: 'Comment' });
  await page.setViewportSize({ width: 900, height: 700 });
  await expect(diff.locator('td.diff-line-old-content')).toHaveCount(0);
  await expect(typing).toHaveValue('Round only when showing the total');
  await expect(typing).toHaveAccessibleDescription('On src/cart.ts, lines 2-3');
  await expect(typing).toBeFocused();
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(diff.locator('td.diff-line-old-content', { hasText: 'let sum = 0;' })).toHaveCount(1);
  await expect(typing).toHaveValue('Round only when showing the total');
  await expect(typing).toBeFocused();
  await page.keyboard.press('Control+A');
  await writeComment(page, diff, 'Round only when showing the total');
  await expect(line2).toBeFocused();
  await expect(line2).toHaveAccessibleName('Comment on line 2');
  await expect(diff.locator('td[data-review-range]')).toHaveCount(0);

  // One more line, ArrowDown to it.
  const line5 = lineButton(diff, 5, 'new');
  await keyTo(page, line5, 'ArrowDown', 5);
  await page.keyboard.press('Enter');
  await writeComment(page, diff, 'TAX belongs in config');
  await expect(line5).toBeFocused();

  const review = page.getByRole('main').getByRole('region', { name: 'Review' });
  const expected = [
    'logo.png: Use the SVG logo instead',
    'src/cart.ts, removed line 2: Keep the plain loop: it reads better',
    'src/cart.ts, lines 2-3: Round only when showing the total',
    'src/cart.ts, line 5: TAX belongs in config',
  ];
  await expect(review.getByRole('listitem')).toHaveText([/draft/, /draft/, /draft/, /draft/]);
  expect(await review.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')))).toEqual(expected);
  await shoot(page, 'review-drafts');

  // A reload: the drafts are still there.
  await page.reload();
  const changesAgain = page.getByRole('main').getByRole('button', { name: 'Changes', exact: true });
  await keyTo(page, changesAgain);
  if ((await changesAgain.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('Enter');
  await expect(review.getByRole('listitem')).toHaveCount(4, { timeout: 15_000 });
  expect(await review.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')))).toEqual(expected);

  // Send: one message to the agent with every file, range and quote; the comments are marked sent.
  const send = review.getByRole('button', { name: 'Send review to agent' });
  await keyTo(page, send);
  await page.keyboard.press('Enter');
  await expect(review.getByRole('status')).toHaveText('Sent 4 comments to the agent.', { timeout: 15_000 });
  await expect(send).toBeFocused();
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  await expect(review.getByRole('listitem')).toHaveText([/sent/, /sent/, /sent/, /sent/]);
  await expect.poll(() => reviewRequests().length, { timeout: 15_000 }).toBeGreaterThan(0);
  const sent = reviewRequests();
  expect(new Set(sent).size, 'one review message').toBe(1);
  const message = sent[0]!;
  for (const part of [
    '4 comments on the diff',
    'logo.png (whole file)',
    'Use the SVG logo instead',
    'src/cart.ts, line 2 of the version before your changes',
    'let sum = 0;',
    'Keep the plain loop: it reads better',
    'src/cart.ts, lines 2-3',
    'items.reduce((a, i) => a + i, 0);',
    'return Math.round(sum * 100) / 100;',
    'Round only when showing the total',
    'src/cart.ts, line 5',
    'export const TAX = 0.2;',
    'TAX belongs in config',
  ]) {
    expect(message, part).toContain(part);
  }
  await expect(transcript(page)).toContainText(REPLY, { timeout: 15_000 });
  await expect(transcript(page)).toContainText('You sent a review · 4 comments');
  await keyTo(page, region.locator('.changes-file[tabindex="0"]'), 'Shift+Tab');
  await keyTo(page, cart, 'ArrowDown', 4);
  await page.keyboard.press('Enter');
  await expect(diff.locator('td.diff-line-old-content', { hasText: 'let sum = 0;' })).toHaveCount(1, { timeout: 15_000 });
  // The sent comments stay on the diff, under their lines, marked sent.
  await expect(diff.locator('.review-inline-comment')).toHaveText([
    'removed line 2, sent: Keep the plain loop: it reads better',
    'lines 2-3, sent: Round only when showing the total',
    'line 5, sent: TAX belongs in config',
  ]);
  await shoot(page, 'review-sent');
});

test('with the mouse: the button shows on hover, Shift+click comments on a range, Resolve', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await rows(page).first().click();
  const changes = page.getByRole('main').getByRole('button', { name: 'Changes', exact: true });
  if ((await changes.getAttribute('aria-expanded')) !== 'true') await changes.click();
  const region = page.getByRole('region', { name: 'Changes' });
  await region.getByRole('listitem', { name: /^src\/cart\.ts \+/ }).click();
  await region.getByRole('button', { name: 'Unified' }).click();
  const diff = region.getByRole('group', { name: 'Diff of src/cart.ts' });
  await expect(diff.locator('td.diff-line-old-content')).toHaveCount(0);
  await expect(diff.locator('td.diff-line-content', { hasText: 'items.reduce' })).toHaveCount(1, { timeout: 15_000 });

  // Hidden until the line is hovered.
  const line2 = lineButton(diff, 2, 'new');
  const line3 = lineButton(diff, 3, 'new');
  const shown = (b: Locator): Promise<string> => b.evaluate((el) => getComputedStyle(el.closest('.diff-add-widget-wrapper')!).opacity);
  expect(await shown(line2)).toBe('0');
  await diff.locator('tr', { hasText: 'items.reduce' }).hover();
  await expect.poll(() => shown(line2)).toBe('1');
  await line2.click();
  // The field takes focus from the mouse's click; closed, focus is on the line's button.
  await expect(diff.getByRole('textbox', { name: 'Comment' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(line2).toBeFocused();
  await diff.locator('tr', { hasText: 'Math.round' }).hover();
  await line3.click({ modifiers: ['Shift'] });
  const field = diff.getByRole('textbox', { name: 'Comment' });
  await expect(field).toHaveAccessibleDescription('On src/cart.ts, lines 2-3');
  await expect(diff.locator('td[data-review-range][class*="content"]')).toHaveText([/items\.reduce/, /Math\.round/]);
  await expect(field).toBeFocused();
  await page.keyboard.type('Name the accumulator');
  await diff.getByRole('button', { name: 'Add comment' }).click();
  await expect(field).toBeHidden();
  await expect(line3).toBeFocused();
  const review = page.getByRole('main').getByRole('region', { name: 'Review' });
  await expect(review.getByRole('listitem', { name: 'src/cart.ts, lines 2-3: Name the accumulator' })).toContainText('draft');
  await shoot(page, 'review-unified');

  // Resolve a sent comment: it leaves the list, and focus goes to the next comment's button.
  await review.getByRole('button', { name: 'Resolve comment on logo.png' }).click();
  await expect(review.getByRole('listitem', { name: /^logo\.png/ })).toHaveCount(0);
  await expect(review.getByRole('button', { name: 'Resolve comment on src/cart.ts, removed line 2' })).toBeFocused();
  await expect(review.getByRole('listitem')).toHaveCount(4);
});
