import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeRepo } from '../support/gitRepo';
import { startModelServer, type ModelServer } from '../support/model-server';
import { agentEnv, createSessionIn, isolatedHome, newWorktreeTerminal, transcript, type } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { audit, colourChanges, colours, describeFindings, SCHEMES, settled, SWEEP_DIR, SweepReport, VIEWPORTS, type Colours, type Scheme } from './support/sweep';
import { rowByLabel, rows } from './support/swarm';
import { labelsCutMidWord } from './support/labelCuts';

// The accessibility and screenshot sweep (issue 14): every main screen at 1400×900 and 900×700, light
// and dark; a screenshot of each in test-results/sweep/<screen>-<w>x<h>-<scheme>.png, and axe-core
// (WCAG 2.0 A/AA, 2.1 AA) with zero serious or critical violations. One server and one page for all of
// it; elements are found by their SPEC §7.1 names only, so the sweep outlives restyled screens.
// Each look of each screen is a soft check: one run lists every violation, not just the first.
// Then a theme chosen in Settings (Light, Dark) under each OS scheme, on the screens whose colours the
// two could disagree on (the sidebar's muted text, status words and headings, a pane, the terminal, a
// diff, Settings): the same colours whatever the OS, and axe again (issue 28).

const dataDir = freshDataDir('swarmdesk-e2e-sweep-');
const { home, work } = isolatedHome('sweep');
const repo = makeRepo('atlas');
let model: ModelServer;
let server: RunningServer;
let swarmBuilt = false;
const report = new SweepReport();

const DERIVED = 'please fix the login redirect loop on Safari';
/** The terminals' labels: with no title, the program that ran and the folder (SPEC §7 display label). */
const TERMINAL = /^ls · /;
const WORKTREE = /^\S+ · atlas\b/;
/** A terminal whose shell ended with code 3: its row and pane read "exited 3" in the error colour (SPEC §2). */
const EXITED = /^python3 · /;
/** A terminal whose shell ended cleanly: "exited", in the muted colour. */
const EXITED_CLEAN = /^date · /;
const PINNED = 'Fix kumquat websocket drops';
const REPLY = [
  'The load balancer closes idle connections after **60 s**, and the client pings every 90 s.',
  '',
  'I would change two things:',
  '',
  '1. ping every 25 s',
  '2. reconnect with backoff',
  '',
  '```ts',
  'const PING_MS = 25_000;',
  'socket.on("close", () => reconnect({ backoffMs: 500 }));',
  '```',
].join('\n');

test.beforeAll(async () => {
  model = await startModelServer({ policy: () => ({ text: 'Noted.' }) });
  // Ambient work off: no automatic titles, so a session with no title keeps its derived (muted) label.
  server = await startServer({ dataDir, env: agentEnv(model, home, { SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: 'off', SHELL: '/bin/bash' }) });
});

test.afterAll(async () => {
  report.write();
  await server?.stop();
  await model?.close();
});

const main = (page: Page): Locator => page.getByRole('main');
const terminalScreen = (page: Page): Locator => main(page).getByRole('group', { name: 'Terminal' });

/** Keys typed into the terminal screen (which takes the keyboard), then Enter; waits for `marker` in the output. */
async function runInTerminal(page: Page, command: string, marker: string): Promise<void> {
  const screen = terminalScreen(page);
  await expect(screen).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await screen.click();
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
  await expect(screen).toContainText(marker, { timeout: 15_000 });
}

/**
 * A swarm worth looking at: two chats (one with a pinned user title, one with a derived label), a terminal, a
 * worktree terminal with a change, a terminal whose shell exited with code 3 and one whose shell exited cleanly.
 */
async function buildSwarm(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });

  await createSessionIn(page, 'Chat', work);
  model.enqueue({ text: REPLY });
  await type(page, 'the websocket to kumquat drops every few minutes in staging; can you find out why?');
  await expect(transcript(page)).toContainText('reconnect with backoff', { timeout: 20_000 });
  await rowByLabel(page, /^the websocket to kumquat/).dblclick();
  const title = page.getByRole('textbox', { name: 'Session title' });
  await title.fill(PINNED);
  await title.press('Enter');
  await expect(rowByLabel(page, PINNED)).toBeVisible();

  await createSessionIn(page, 'Chat', work);
  model.enqueue({ text: 'Safari drops the session cookie on the redirect; I will look at the SameSite flags.' });
  await type(page, DERIVED);
  await expect(transcript(page)).toContainText('SameSite', { timeout: 20_000 });

  await createSessionIn(page, 'Terminal', work);
  await runInTerminal(page, 'ls -la && echo listed-$((40+2))', 'listed-42');
  await expect(rowByLabel(page, TERMINAL)).toBeVisible();

  await newWorktreeTerminal(page, repo);
  await expect(rows(page)).toHaveCount(4);
  // The session's own shell changes its worktree: Changes has a file to list, Commit something to commit.
  await runInTerminal(page, "printf 'export const PING_MS = 25_000;\\n' > ping.ts && echo wrote-$((40+2))", 'wrote-42');
  await expect(rowByLabel(page, WORKTREE)).toBeVisible();

  await createSessionIn(page, 'Terminal', work);
  await runInTerminal(page, `python3 -c "print('ran-' + str(6*7))"; exit 3`, 'ran-42');
  await expect(rowByLabel(page, EXITED)).toHaveAccessibleName(/, exited with code 3(,|$)/, { timeout: 15_000 });
  await createSessionIn(page, 'Terminal', work);
  await runInTerminal(page, `date +dated-%Y && exit`, 'dated-2');
  await expect(rowByLabel(page, EXITED_CLEAN)).toHaveAccessibleName(/, exited(,|$)/, { timeout: 15_000 });
  await expect(rows(page)).toHaveCount(6);
  swarmBuilt = true;
}

/** A screen the sweep looks at: `show` brings it up from wherever the page is (it may already be up). */
interface Screen {
  readonly name: string;
  show(page: Page): Promise<void>;
  hide?(page: Page): Promise<void>;
}

async function openRow(page: Page, label: string | RegExp): Promise<void> {
  await rowByLabel(page, label).click();
  await expect(main(page)).toHaveAccessibleName(label);
}

/** Opens the dialog `name` with the button `opener` finds, unless it is open already (its own buttons may share a name). */
async function openDialog(page: Page, name: string, opener: () => Locator): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  if (!(await dialog.isVisible())) {
    const button = opener();
    await expect(button).toBeEnabled({ timeout: 15_000 });
    await button.click();
  }
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeDialog(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name })).toBeHidden();
}

const screens: Screen[] = [
  { name: 'swarm', show: (page) => openRow(page, DERIVED) },
  {
    name: 'row-menu',
    show: async (page) => {
      const menu = page.getByRole('menu');
      if (!(await menu.isVisible())) await page.getByRole('button', { name: `More actions for ${PINNED}` }).click();
      await expect(menu).toBeVisible();
    },
    hide: async (page) => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
    },
  },
  { name: 'chat', show: (page) => openRow(page, PINNED) },
  {
    name: 'terminal',
    show: async (page) => {
      await openRow(page, TERMINAL);
      await expect(terminalScreen(page)).toContainText('listed-42');
    },
  },
  {
    name: 'exited',
    show: async (page) => {
      await openRow(page, EXITED);
      await expect(main(page).getByRole('button', { name: 'Restart' })).toBeVisible();
      await expect(main(page).locator('.pane-status')).toHaveText(/exited 3/);
    },
  },
  {
    name: 'changes',
    show: async (page) => {
      await openRow(page, WORKTREE);
      const region = page.getByRole('region', { name: 'Changes' });
      if (!(await region.isVisible())) await main(page).getByRole('button', { name: 'Changes', exact: true }).click();
      await region.getByRole('listitem', { name: /^ping\.ts/ }).click();
      await expect(region.getByRole('group', { name: 'Diff of ping.ts' })).toContainText('PING_MS');
    },
    hide: async (page) => {
      await main(page).getByRole('button', { name: 'Changes', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Changes' })).toBeHidden();
    },
  },
  {
    name: 'commit',
    show: async (page) => {
      await openDialog(page, 'Commit', () => main(page).getByRole('button', { name: 'Commit', exact: true }));
    },
    hide: (page) => closeDialog(page, 'Commit'),
  },
  {
    name: 'merge',
    show: async (page) => {
      const dialog = await openDialog(page, 'Merge into main', () => main(page).getByRole('button', { name: 'Merge into main' }));
      await expect(dialog.getByRole('radio', { name: 'Squash' })).toBeChecked();
    },
    hide: (page) => closeDialog(page, 'Merge into main'),
  },
  {
    name: 'new-session',
    show: async (page) => {
      const dialog = await openDialog(page, 'New session', () => page.getByRole('button', { name: 'New session' }));
      // A folder in a repository: the worktree option shows too.
      await dialog.getByRole('textbox', { name: 'Folder' }).fill(repo);
      await expect(dialog.getByRole('checkbox', { name: 'Work in a new git worktree' })).toBeVisible();
    },
    hide: (page) => closeDialog(page, 'New session'),
  },
];

/** Settings, one screen per tab (however many tabs the dialog has). */
async function settingsScreens(page: Page): Promise<Screen[]> {
  const open = (): Promise<Locator> => openDialog(page, 'Settings', () => page.getByRole('button', { name: 'Settings', exact: true }));
  const tabs = await (await open()).getByRole('tab').allInnerTexts();
  expect(tabs.length).toBeGreaterThan(0);
  return tabs.map((tab) => ({
    name: `settings-${tab.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    show: async () => {
      const tabButton = (await open()).getByRole('tab', { name: tab.trim(), exact: true });
      await tabButton.click();
      await expect(tabButton).toHaveAttribute('aria-selected', 'true');
    },
    hide: () => closeDialog(page, 'Settings'),
  }));
}

async function sweep(page: Page, screen: Screen): Promise<void> {
  await test.step(screen.name, async () => {
    for (const { width, height } of VIEWPORTS) {
      for (const scheme of SCHEMES) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await screen.show(page);
        await settled(page);
        const viewport = `${width}x${height}`;
        await page.screenshot({ path: join(SWEEP_DIR, `${screen.name}-${viewport}-${scheme}.png`), animations: 'disabled' });
        expect.soft(await labelsCutMidWord(page), `${screen.name} ${viewport} ${scheme}: labels cut inside a word`).toEqual([]);
        const blocking = await audit(page, report, screen.name, viewport, scheme);
        expect.soft(blocking, `${screen.name} ${viewport} ${scheme}: serious or critical axe violations\n${describeFindings(blocking)}`).toEqual([]);
      }
    }
    await screen.hide?.(page);
  });
}

/** The screens a chosen theme is checked on under both OS schemes (the sidebar is on each of them). */
const THEMED = ['swarm', 'chat', 'terminal', 'exited', 'changes'];

/** Settings → General → Theme: `theme` ("System", "Light", "Dark"); the dialog closed again. */
async function chooseTheme(page: Page, theme: 'System' | 'Light' | 'Dark'): Promise<void> {
  const dialog = await openDialog(page, 'Settings', () => page.getByRole('button', { name: 'Settings', exact: true }));
  await dialog.getByRole('tab', { name: 'General', exact: true }).click();
  await dialog.getByRole('radio', { name: theme, exact: true }).check();
  const html = page.locator('html');
  await (theme === 'System' ? expect(html).not.toHaveAttribute('data-theme') : expect(html).toHaveAttribute('data-theme', theme.toLowerCase()));
  await closeDialog(page, 'Settings');
}

/** `screen` with the theme `theme` chosen, under a light and a dark OS: a screenshot and axe for each, and the same colours in both. */
async function sweepThemed(page: Page, screen: Screen, theme: Scheme): Promise<void> {
  await test.step(`${screen.name}, ${theme} theme`, async () => {
    const seen: Partial<Record<Scheme, Colours>> = {};
    for (const os of SCHEMES) {
      await page.emulateMedia({ colorScheme: os });
      await screen.show(page);
      await settled(page);
      const look = `${theme}-theme-${os}-os` as const;
      const viewport = `${VIEWPORTS[0].width}x${VIEWPORTS[0].height}`;
      await page.screenshot({ path: join(SWEEP_DIR, `${screen.name}-${viewport}-${look}.png`), animations: 'disabled' });
      seen[os] = await colours(page);
      const blocking = await audit(page, report, screen.name, viewport, look);
      expect.soft(blocking, `${screen.name} ${viewport} ${look}: serious or critical axe violations\n${describeFindings(blocking)}`).toEqual([]);
    }
    expect.soft(colourChanges(seen.light ?? {}, seen.dark ?? {}), `${screen.name}, ${theme} theme: colours that follow the OS instead (light OS ≠ dark OS)`).toEqual([]);
    await screen.hide?.(page);
  });
}

test('every main screen, at two sizes in light and dark: screenshots, and no serious or critical axe violation', async ({ page }) => {
  // About 60 looks (40 today): a minute or two on an idle machine; the bound leaves room for a loaded one.
  test.setTimeout(600_000);
  await page.setViewportSize(VIEWPORTS[0]);
  await buildSwarm(page);
  for (const screen of screens) await sweep(page, screen);
  for (const screen of await settingsScreens(page)) await sweep(page, screen);
});

test('a theme chosen in Settings, on a light and on a dark OS: every colour follows the theme, no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(VIEWPORTS[0]);
  if (swarmBuilt) {
    await page.goto(server.url);
    await expect(rows(page)).toHaveCount(6, { timeout: 15_000 });
  } else await buildSwarm(page);
  const themed = [...screens.filter((s) => THEMED.includes(s.name)), ...(await settingsScreens(page)).filter((s) => s.name === 'settings-general')];
  expect(themed.map((s) => s.name)).toEqual([...THEMED, 'settings-general']);
  try {
    for (const theme of SCHEMES) {
      await chooseTheme(page, theme === 'light' ? 'Light' : 'Dark');
      for (const screen of themed) await sweepThemed(page, screen, theme);
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
    await chooseTheme(page, 'System').catch(() => undefined);
  }
});
