import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startModelServer, type ModelServer, type RecordedRequest, type Scripted } from '../support/model-server';
import {
  agentEnv,
  answersToolResult,
  conversationText,
  createSessionIn,
  isolatedHome,
  pane,
  processesBelow,
  rowsInOrder,
  shownEntries,
  stopButton,
  transcript,
  type,
  untilRequests,
} from './support/agents';
import { lookIntoDb } from './support/db';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rowByLabel, rows } from './support/swarm';

// Issue 4, Claude Code in a pane: the REAL CLI (node_modules/.bin/claude) in
// headless stream-json mode, its model calls answered by the stand-in server.
// One session carried through the whole file: turns, a Task child, a stop
// mid-turn, and a resume after the server restarts.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-claude-');
const { home, work } = isolatedHome('claude');
let model: ModelServer;
let server: RunningServer;

const TURN_1 = 'remember the codeword kumquat-7 for the billing module';
const REPLY_1 = 'Noted: the billing module codeword is kumquat-7.';
const TURN_2 = 'what was the codeword for billing?';
const REPLY_2 = 'The codeword for billing is kumquat-7.';
const TURN_3 = 'delegate the caller search to a subagent';
const TASK_PROMPT = 'list each caller of parseInvoice in src';
const SUB_REPLY = 'Found 3 callers of parseInvoice: cart.ts, refund.ts and export.ts.';
/** CLI 2.1.332 runs a Task as an async agent: the tool result only says it started. */
const DELEGATED = 'I asked a subagent to find the callers of parseInvoice.';
/** Its report comes back to the parent as a turn of its own. */
const REPLY_3 = 'The subagent found three callers of parseInvoice.';
const TURN_SLOW = 'take your time and audit every invoice file';
const TURN_RESUMED = 'after the restart: is the codeword still the same?';
const REPLY_RESUMED = 'Yes, still kumquat-7.';
/** The label: the first user line until a title exists, then the offline titler's title of it. */
const LABEL = /^remember the codeword kumquat-7/i;
/** The same session's row once it has its subagent (an imported copy of it would have none). */
const PARENT = /^remember the codeword kumquat-7[^,]*, .*\b1 subagent(,|$)/i;

/** Answers the CLI by what it asks (the order of its side requests is its own business). */
function policy(req: RecordedRequest): Scripted {
  const said = req.lastUserText;
  if (answersToolResult(req)) return { text: DELEGATED };
  if (said.includes(SUB_REPLY)) return { text: REPLY_3 };
  if (said.includes(TASK_PROMPT)) return { text: SUB_REPLY };
  if (said.includes(TURN_3)) {
    return { content: [{ type: 'tool_use', name: 'Task', input: { description: 'Find invoice callers', prompt: TASK_PROMPT, subagent_type: 'general-purpose' } }] };
  }
  if (said.includes(TURN_SLOW)) return { text: 'This reply never arrives in time.', delayMs: 120_000 };
  if (said.includes(TURN_RESUMED)) return { text: REPLY_RESUMED };
  if (said.includes(TURN_2)) return { text: REPLY_2 };
  if (said.includes(TURN_1)) return { text: REPLY_1 };
  return { text: 'OK' };
}

/** The CLI's main-conversation requests that carried `text` as the user's latest message. */
function turnRequests(text: string): RecordedRequest[] {
  return model.requests.filter((r) => r.lastUserText.includes(text));
}

function startApp(): Promise<RunningServer> {
  return startServer({ dataDir, env: agentEnv(model, home) });
}

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
}

async function openSession(page: Page, row: RegExp = LABEL): Promise<void> {
  await rowByLabel(page, row).click();
  await expect(pane(page, LABEL)).toBeVisible();
}

/** One finished turn: the reply on screen, the row done (or idle once read: it asked nothing), no Stop. */
async function expectTurnDone(page: Page, reply: string): Promise<void> {
  await expect(transcript(page)).toContainText(reply, { timeout: 90_000 });
  await expect(rowByLabel(page, LABEL)).toHaveAccessibleName(/, (done|idle)\b/, { timeout: 15_000 });
  await expect(stopButton(page)).toBeHidden();
}

test.beforeAll(async () => {
  model = await startModelServer({ policy });
  server = await startApp();
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
  // What the CLI asked, in order: the first thing to read when a turn here misbehaves.
  const asked = model?.requests.map((r) => ({ model: r.model, toolResult: answersToolResult(r), said: r.lastUserText.slice(0, 300) }));
  writeFileSync('test-results/agents-claude-requests.json', JSON.stringify(asked ?? [], null, 2));
});

test('a multi-turn Claude Code session through the real CLI', async ({ page }) => {
  test.setTimeout(240_000);
  await open(page);
  await createSessionIn(page, 'Claude Code', work);
  await expect(page.getByRole('main')).toContainText('Claude Code');

  await type(page, TURN_1);
  await expect(rowByLabel(page, LABEL)).toBeVisible();
  await expectTurnDone(page, REPLY_1);

  // The second turn is a new CLI run resumed with --resume: the model gets the first turn again.
  await type(page, TURN_2);
  await expectTurnDone(page, REPLY_2);
  const second = turnRequests(TURN_2);
  expect(second.length).toBeGreaterThan(0);
  expect(conversationText(second[0]!)).toContain(REPLY_1);

  const said = (await shownEntries(page)).filter((e) => e.who === 'you' || e.who === 'agent');
  expect(said).toEqual([
    { who: 'you', text: TURN_1 },
    { who: 'agent', text: REPLY_1 },
    { who: 'you', text: TURN_2 },
    { who: 'agent', text: REPLY_2 },
  ]);
  // The CLI's own session id is stored for resuming.
  const stored = lookIntoDb(dataDir).sessions.filter((s) => s.kind === 'claude-code');
  expect(stored).toHaveLength(1);
  expect(stored[0]?.backendId).toMatch(/^[0-9a-f-]{36}$/);
  await page.screenshot({ path: 'test-results/agents-claude-turns.png' });
});

test('a Task tool use becomes a child row nested under its session', async ({ page }) => {
  test.setTimeout(240_000);
  await open(page);
  await openSession(page);
  await type(page, TURN_3);
  await expect(transcript(page)).toContainText(DELEGATED, { timeout: 90_000 });
  await expectTurnDone(page, REPLY_3);
  // The subagent's run reached the model with the prompt the Task carried.
  await untilRequests(model, (reqs) => reqs.some((r) => r.lastUserText.includes(TASK_PROMPT)), 5_000, 'the subagent asked the model');

  // The tool call is one collapsed line in the parent's transcript; every agent line is one we scripted.
  await expect(transcript(page).getByText(/^Task: Find invoice callers/)).toBeVisible();
  const agentSaid = (await shownEntries(page)).filter((e) => e.who === 'agent').map((e) => e.text);
  expect(agentSaid).toEqual([REPLY_1, REPLY_2, DELEGATED, REPLY_3]);

  // The child: a row one level below the parent, right under it, named from the task.
  await expect(rows(page)).toHaveCount(2, { timeout: 15_000 });
  const parent = rowByLabel(page, LABEL);
  await expect(parent).toHaveAttribute('aria-level', '1');
  await expect(parent).toHaveAccessibleName(/, 1 subagent(,|$)/);
  const drawn = await rowsInOrder(page);
  expect(drawn[0]?.name).toMatch(LABEL);
  expect(drawn[1]?.level).toBe('2');
  expect(drawn[1]?.name).toMatch(/caller/i);
  expect(drawn[1]?.name).not.toMatch(/^(Untitled|New session|\(none yet\)|Claude Code\b)/i);
  const child = rows(page).nth(1);
  await expect(child).toHaveAttribute('aria-level', '2');
  await expect(child).toHaveAccessibleName(/, (idle|done|waiting for you)/, { timeout: 30_000 });
  await page.screenshot({ path: 'test-results/agents-claude-child-row.png' });

  // The child's pane holds what the parent asked and what the subagent answered.
  await child.click();
  await expect(page.getByRole('main').getByRole('log', { name: 'Transcript' })).toContainText(TASK_PROMPT);
  await expect(page.getByRole('main').getByRole('log', { name: 'Transcript' })).toContainText(SUB_REPLY);
  await page.screenshot({ path: 'test-results/agents-claude-child-pane.png' });
});

test('Stop ends a turn mid-way, within bounds', async ({ page }) => {
  test.setTimeout(180_000);
  await open(page);
  await openSession(page);
  await type(page, TURN_SLOW);
  await expect(stopButton(page)).toBeVisible({ timeout: 15_000 });
  await expect(rowByLabel(page, LABEL)).toHaveAccessibleName(/, working/);
  // The CLI is mid-turn: its request is at the stand-in, which holds the answer back.
  await untilRequests(model, () => turnRequests(TURN_SLOW).length > 0, 90_000, 'the CLI asked for the slow turn');
  const isCli = (cmd: string): boolean => cmd.includes('claude');
  const clis = processesBelow(server.hostPid() ?? -1).filter(isCli);
  expect(clis.length).toBeGreaterThan(0);

  const t0 = Date.now();
  await stopButton(page).click();
  await expect(stopButton(page)).toBeHidden({ timeout: 5_000 });
  await expect(rowByLabel(page, LABEL)).toHaveAccessibleName(/, idle/, { timeout: 5_000 });
  const stopMs = Date.now() - t0;
  console.log(`[figure] e2e: Stop clicked → pane idle: ${stopMs} ms`);
  expect(stopMs).toBeLessThan(5_000);
  await expect(transcript(page)).toContainText('Stopped by you.');
  await expect(transcript(page)).not.toContainText('This reply never arrives');
  // The stop ended the turn through the CLI's own interrupt: the same live CLI waits for the next turn.
  expect(processesBelow(server.hostPid() ?? -1).filter(isCli)).toEqual(clis);
  await page.screenshot({ path: 'test-results/agents-claude-stopped.png' });
});

test('after a server restart the session resumes where it was', async ({ page }) => {
  test.setTimeout(240_000);
  await server.stop();
  server = await startApp();
  await open(page);
  await openSession(page, PARENT);
  await expect(transcript(page)).toContainText(REPLY_2);
  await expect(transcript(page)).toContainText('Stopped by you.');

  const before = model.requests.length;
  await type(page, TURN_RESUMED);
  await expect(transcript(page)).toContainText(REPLY_RESUMED, { timeout: 90_000 });
  await expect(rowByLabel(page, PARENT)).toHaveAccessibleName(/, (done|idle)\b/, { timeout: 15_000 });
  // The CLI was resumed with the stored id: the model was given the earlier conversation.
  const resumed = model.requests.slice(before).filter((r) => r.lastUserText.includes(TURN_RESUMED));
  expect(resumed.length).toBeGreaterThan(0);
  expect(conversationText(resumed[0]!)).toContain(REPLY_1);
  expect(conversationText(resumed[0]!)).toContain(TURN_SLOW);
  await page.screenshot({ path: 'test-results/agents-claude-resumed.png' });
});

test('the CLI\'s own transcript of a Swarmdesk session is not imported as a second row', async ({ page }) => {
  // The CLI writes ~/.claude/projects/<folder>/<id>.jsonl for this very session; the import
  // at start reads that folder. Wait until it has seen the file, then count the rows.
  const backendId = lookIntoDb(dataDir).sessions.find((s) => s.kind === 'claude-code' && s.parentId === null)?.backendId ?? '';
  expect(backendId).not.toBe('');
  await expect
    .poll(() => lookIntoDb(dataDir).importFiles.some((f) => f.path.endsWith(`${backendId}.jsonl`)), { timeout: 30_000, message: 'the import read the CLI transcript' })
    .toBe(true);
  await open(page);
  await expect(rowByLabel(page, PARENT)).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  expect(lookIntoDb(dataDir).sessions.filter((s) => s.kind === 'imported')).toEqual([]);
});
