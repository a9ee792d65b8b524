import type { Page } from '@playwright/test';

/**
 * Screenshots for a person to look at, when SWARMDESK_SHOTS_DIR names a folder: the page at 1400x900
 * and 900x700, light and dark (`<name>-<w>x<h>-<scheme>.png`). Without it, nothing.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SWARMDESK_SHOTS_DIR;
  if (!dir) return;
  const before = page.viewportSize();
  for (const [w, h] of [
    [1400, 900],
    [900, 700],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${dir}/${name}-${w}x${h}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (before) await page.setViewportSize(before);
}

/** One screenshot of the page as it is now (its size and scheme), as `<name>.png`, when SWARMDESK_SHOTS_DIR names a folder. */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.SWARMDESK_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}
