import { expect, type Locator, type Page } from '@playwright/test';

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
