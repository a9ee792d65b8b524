import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { isolatedHome, pane, transcript } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rowByLabel, rows } from './support/swarm';

// Issue 14 §6, imported history as its own tool shows it: a Claude Code
// conversation that was rewound shows the conversation Claude Code resumes,
// with one collapsed "Rewound" line where it was rewound and the abandoned
// attempt's messages after it, each collapsed and marked Rewound, still found by
// search (the result marked Rewound, issue 28); context the tool
// injected into a user turn is a collapsed line, not the user's words; a Codex
// rollout cut mid-line is still a session.
test.describe.configure({ mode: 'serial' });

const FIXTURES = fileURLToPath(new URL('../fixtures/import/', import.meta.url));
const dataDir = freshDataDir('swarmdesk-e2e-import-fidelity-');
const { home } = isolatedHome('import-fidelity');
let server: RunningServer;

const REWOUND = /^Kumquat websocket drops/;
// The offline titler may title it from the user's words.
const CUT = /ledger balance/i;

test.beforeAll(async () => {
  const claude = join(home, '.claude/projects/-home-dev-src-kumquat');
  const codex = join(home, '.codex/sessions/2026/12/03');
  mkdirSync(claude, { recursive: true });
  mkdirSync(codex, { recursive: true });
  copyFileSync(join(FIXTURES, 'claude-code-rewound.jsonl'), join(claude, '5b1f2c3d-8e9a-4b7c-9d0e-1f2a3b4c5d6e.jsonl'));
  copyFileSync(join(FIXTURES, 'codex-cut.jsonl'), join(codex, 'rollout-2026-12-03T08-00-00-019a7c2e.jsonl'));
  server = await startServer({ dataDir, env: { HOME: home, CLAUDE_CONFIG_DIR: undefined, CODEX_HOME: undefined } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function openRewound(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(rows(page)).toHaveCount(2, { timeout: 30_000 });
  await rowByLabel(page, REWOUND).click();
  await expect(pane(page, REWOUND)).toBeVisible();
  await expect(transcript(page)).toContainText('just raise the ping interval instead');
}

test('a rewound conversation shows once: one collapsed line where it was rewound, the abandoned attempt after it marked Rewound', async ({ page }) => {
  await openRewound(page);
  const log = transcript(page);
  const rewound = log.getByRole('button', { name: 'Rewound: 2 messages not kept' });
  await expect(rewound).toHaveAttribute('aria-expanded', 'false');
  // The abandoned attempt: each message one collapsed line marked Rewound, never shown as the conversation.
  const abandoned = log.getByRole('button', { name: 'Rewound · you: rewrite the whole client in rust' });
  await expect(abandoned).toHaveAttribute('aria-expanded', 'false');
  await expect(log.getByRole('button', { name: /^Rewound · agent: Starting the Rust port/ })).toBeVisible();
  await expect(log.locator('.entry-user', { hasText: 'rewrite the whole client in rust' })).toHaveCount(0);
  // In order: the first answer, the rewound line, the abandoned attempt, then the attempt that was kept.
  const text = await log.innerText();
  const order = ['so the proxy closes idle sockets', 'Rewound: 2 messages not kept', 'Rewound · you: rewrite the whole client in rust', 'just raise the ping interval instead', 'I set PING_MS to 25 s'].map((s) => text.indexOf(s));
  expect(order.every((i) => i >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  await rewound.click();
  await expect(rewound).toHaveAttribute('aria-expanded', 'true');
  await expect(log).toContainText('the abandoned attempt follows');
  await abandoned.click();
  await expect(log.locator('.entry-rewound-branch .entry-user')).toContainText('rewrite the whole client in rust');

  // Its words are still found by search, and the result says they were rewound.
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('tokio');
  const hit = rowByLabel(page, REWOUND);
  await expect(hit.locator('mark')).toHaveText('tokio');
  await expect(hit.locator('.row-snippet-rewound')).toHaveText('Rewound');
  await expect(hit).toHaveAccessibleDescription(/^Rewound/);
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('');

  // The system reminder beside "add a test for the reconnect" is a collapsed context line.
  const reminder = log.getByRole('button', { name: 'Context: System reminder' });
  await expect(reminder).toHaveAttribute('aria-expanded', 'false');
  await expect(log).not.toContainText('zanzibar');
  await expect(log.locator('.entry-user', { hasText: 'add a test for the reconnect' })).not.toContainText('system-reminder');
  await reminder.click();
  await expect(log).toContainText('zanzibar checklist');
});

test('a Codex rollout cut mid-line is a session with what its user said', async ({ page }) => {
  await page.goto(server.url);
  await rowByLabel(page, CUT).click();
  await expect(transcript(page)).toContainText('why is the ledger balance off by one cent?');
});

test('screenshots: the imported notes at two sizes, light and dark', async ({ page }) => {
  for (const [w, h] of [[1400, 900], [900, 700]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await openRewound(page);
      const reminder = transcript(page).getByRole('button', { name: 'Context: System reminder' });
      // The transcript may still be replacing its first paint with the stored page: open until it stays open.
      await expect(async () => {
        if ((await reminder.getAttribute('aria-expanded')) !== 'true') await reminder.click();
        await expect(transcript(page)).toContainText('zanzibar checklist', { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await page.screenshot({ path: `test-results/import-fidelity-${w}x${h}-${scheme}.png` });
    }
  }
});
