import { expect, test, type Locator, type Page } from '@playwright/test';
import { composer, createSessionIn, isolatedHome, transcript } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rowByLabel, rows } from './support/swarm';

// Issue 4, a terminal in a pane: the user's shell in a PTY behind xterm.js. Keys
// typed into the terminal and lines sent from the composer both run, and their
// output shows on the pane's screen.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-terminal-');
const { home, work } = isolatedHome('terminal');
let server: RunningServer;

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
}

function screen(page: Page): Locator {
  return page.getByRole('main').getByRole('group', { name: 'Terminal' });
}

test.beforeAll(async () => {
  // bash, with a home of its own (no ~/.bashrc): nothing from the machine's user setup.
  server = await startServer({ dataDir, env: { HOME: home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a terminal session runs what is typed into it and shows the output', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page);
  await createSessionIn(page, 'Terminal', work);
  await expect(page.getByRole('main')).toContainText('Terminal');
  await expect(screen(page)).toBeVisible();
  // The shell is up when its prompt ($, or # for root) ends the screen.
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });

  // Keys typed on the screen go to the shell; only the shell can print 42 here.
  await screen(page).click();
  await page.keyboard.type('echo "e2e-$((6*7))"; pwd');
  await page.keyboard.press('Enter');
  await expect(screen(page)).toContainText('e2e-42', { timeout: 15_000 });
  await expect(screen(page)).toContainText(work);
  await page.screenshot({ path: 'test-results/agents-terminal-output.png' });

  // The composer types a whole line into the same shell.
  await composer(page).fill("printf 'composer-%s\\n' $((2+3))");
  await composer(page).press('Enter');
  await expect(screen(page)).toContainText('composer-5', { timeout: 15_000 });

  // Submitted lines are the session's record: the row is labelled by the first one.
  await expect(transcript(page)).toContainText("printf 'composer-%s\\n'", { timeout: 10_000 });
  await expect(rows(page).first()).toHaveAccessibleName(/^echo "e2e-\$\(\(6\*7\)\)"; pwd/i);
  await page.screenshot({ path: 'test-results/agents-terminal-composer.png' });
});

test('the shell exits: the pane says so and offers Restart, which starts it again', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page);
  await rowByLabel(page, /^echo "e2e-/i).click();
  await expect(screen(page)).toContainText('composer-5', { timeout: 15_000 });
  await screen(page).click();
  await page.keyboard.type('exit 3');
  // The shell echoes what it got before it runs it (a lost keystroke shows here, not as a missing exit).
  await expect(screen(page)).toContainText(/[$#] exit 3/, { timeout: 10_000 });
  await page.keyboard.press('Enter');
  // Under the screen, with a Restart button; and as a note in the session's record.
  const restart = page.getByRole('main').getByRole('button', { name: 'Restart' });
  await expect(restart).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('main').getByText(/^Exited with code 3\.\s*Restart$/)).toBeVisible();
  await expect(transcript(page).getByText('Exited with code 3.', { exact: true })).toBeVisible();
  // A failing exit code shows as the session's error status.
  await expect(rowByLabel(page, /^echo "e2e-/i)).toHaveAccessibleName(/, error/);
  await page.screenshot({ path: 'test-results/agents-terminal-exited.png' });

  await restart.click();
  await expect(restart).toBeHidden({ timeout: 15_000 });
  await screen(page).click();
  await page.keyboard.type('echo "again-$((40+2))"');
  await page.keyboard.press('Enter');
  await expect(screen(page)).toContainText('again-42', { timeout: 15_000 });
});
