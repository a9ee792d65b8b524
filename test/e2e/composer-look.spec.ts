import { expect, test } from '@playwright/test';
import { createSessionIn, isolatedHome } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot } from './support/shots';

// Issue 32's nits: a disabled Send (nothing typed) is legible in light and dark, not a faded accent.
const dataDir = freshDataDir('swarmdesk-e2e-composer-look-');
const { home, work } = isolatedHome('composer-look');
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ dataDir, env: { HOME: home, SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The contrast of an element's text against what is behind it, its opacity and translucent backgrounds blended in. */
const CONTRAST = `(el) => {
  const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return { r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1 }; };
  const over = (top, under, a) => ({ r: top.r * a + under.r * (1 - a), g: top.g * a + under.g * (1 - a), b: top.b * a + under.b * (1 - a), a: 1 });
  const layers = [];
  for (let n = el; n; n = n.parentElement) layers.push(parse(getComputedStyle(n).backgroundColor));
  let back = { r: 255, g: 255, b: 255, a: 1 };
  for (const layer of layers.reverse()) back = over(layer, back, layer.a);
  const opacity = Number(getComputedStyle(el).opacity);
  const fg = parse(getComputedStyle(el).color);
  const under = layers.length > 1 ? layers.slice(0, -1).reduce((acc, l) => over(l, acc, l.a), { r: 255, g: 255, b: 255, a: 1 }) : back;
  const shownBack = over(back, under, opacity);
  const shownText = over(over(fg, back, fg.a), under, opacity);
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const [hi, lo] = [lum(shownText), lum(shownBack)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}`;

test('a disabled Send reads at AA contrast in light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  await createSessionIn(page, 'Chat', work);
  const send = page.getByRole('main').getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const ratio = await send.evaluate((el, source) => (new Function(`return (${source})`)() as (e: Element) => number)(el), CONTRAST);
    expect(ratio, `disabled Send in ${scheme}`).toBeGreaterThanOrEqual(4.5);
  }
  await shoot(page, 'composer-disabled-send');
});
