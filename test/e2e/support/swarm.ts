import { expect, type Locator, type Page } from '@playwright/test';
import { openStore } from '../../../src/main/core/store';

/** Selectors by the accessible names of SPEC §7.1 (a contract). */
export function sessionList(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Sessions' }).getByRole('list', { name: 'Sessions' });
}

export function rows(page: Page): Locator {
  return sessionList(page).getByRole('listitem');
}

export function rowByLabel(page: Page, label: string | RegExp): Locator {
  const name = typeof label === 'string' ? new RegExp(`^${escapeRegExp(label)}`) : label;
  return sessionList(page).getByRole('listitem', { name });
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function createSession(page: Page, agent: 'Chat' | 'Claude Code' | 'Terminal' = 'Chat'): Promise<void> {
  const before = await rows(page).count();
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: agent });
  await expect(dialog.getByRole('textbox', { name: 'Folder' })).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(before + 1);
}

export async function sendMessage(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText(text);
}

/** The rows, top to bottom, start with these labels (accessible names, as a screen reader hears them). */
export async function expectOrder(page: Page, labels: string[]): Promise<void> {
  const list = rows(page);
  for (const [i, label] of labels.entries()) {
    await expect(list.nth(i)).toHaveAccessibleName(new RegExp(`^${escapeRegExp(label)}`));
  }
}

/**
 * Writes `count` chat sessions straight into a data folder's database (before a server starts on it):
 * session `i` is titled `label(i)`, in `folder(i)`, at position i (the first on top), a second apart.
 */
export function seedSessions(dataDir: string, count: number, label: (i: number) => string, folder: (i: number) => string = () => '/home/dev/swarm'): void {
  const { store } = openStore({ dataDir });
  const at = Date.now();
  store.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = `seed-${i}`;
      // The list is newest first: the first made is the newest, so the list reads 0, 1, 2, … as placed.
      store.sessions.insert({ id, kind: 'chat', folder: folder(i), position: i, at: at - i * 1_000 });
      store.sessions.setTitle(id, { title: label(i), source: 'auto', pinned: false });
    }
  });
  store.close();
}
