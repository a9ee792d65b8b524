import { expect, test, type Page } from '@playwright/test';
import { basename } from 'node:path';
import { createSessionIn, isolatedHome } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot } from './support/shots';
import { rowByLabel, sessionList } from './support/swarm';

// Issue 32: two terminals in one folder read alike ("Terminal · work-…"); the list tells them apart in
// their subtitles (SPEC §7), whole, at 1400 and 900 px.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-alike-');
const { home, work } = isolatedHome('alike');
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ dataDir, env: { HOME: home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The two terminal rows' subtitles as shown, and whether each tell is whole in its box. */
async function subtitles(page: Page): Promise<{ sub: string; tellWhole: boolean }[]> {
  const terminals = rowByLabel(page, new RegExp(`^Terminal · ${basename(work)}`));
  await expect(terminals).toHaveCount(2);
  return terminals.evaluateAll((rows) =>
    rows.map((row) => {
      const tell = row.querySelector('.row-tell');
      return { sub: row.querySelector('.row-sub')?.textContent ?? '', tellWhole: tell !== null && tell.scrollWidth <= tell.clientWidth + 1 && tell.clientWidth > 0 };
    }),
  );
}

test('two new terminals in one folder are told apart in the list at 1400 and 900 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  await createSessionIn(page, 'Terminal', work);
  // A second later at least: the time that tells them apart has seconds.
  await page.waitForTimeout(1_100);
  await createSessionIn(page, 'Terminal', work);
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
  for (const size of [
    { width: 1400, height: 900 },
    { width: 900, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await expect.poll(async () => (await subtitles(page)).every((s) => s.tellWhole), { message: `each tell whole at ${size.width}` }).toBe(true);
    const [a, b] = await subtitles(page);
    expect(a!.sub).not.toBe(b!.sub);
  }
  // The open pane's heading reads as its row does (no "just now" beside the row's "now"); its name is the whole label.
  const heading = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(`Terminal · ${basename(work)}`);
  await expect(heading).toHaveAccessibleName(new RegExp(`^Terminal · ${basename(work)} · `));
  await shoot(page, 'alike-terminals');
});

// On the two terminals the test before made (the file runs in order).
test("a row's rename field reaches its ⋯, at 1400 and 900 px", async ({ page }) => {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  for (const size of [
    { width: 1400, height: 900 },
    { width: 900, height: 700 },
  ]) {
    await page.setViewportSize(size);
    const row = rowByLabel(page, new RegExp(`^Terminal · ${basename(work)}`)).first();
    await row.dblclick();
    const field = page.getByRole('textbox', { name: 'Session title' });
    await expect(field).toBeFocused();
    const gap = await row.evaluate((el) => {
      const input = el.querySelector('.rename-input')!.getBoundingClientRect();
      const more = el.querySelector('.row-more')!.getBoundingClientRect();
      return more.left - input.right;
    });
    expect(gap, `at ${size.width}: from the field's end to the ⋯`).toBeLessThanOrEqual(24);
    expect(gap).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Escape');
    await expect(field).toHaveCount(0);
  }
});

