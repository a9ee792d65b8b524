/**
 * What working rows' pulsing status dots cost the page's main thread (issue 15 §3: the swarm on screen with
 * many agents working). A page of 19 rows (a tall window's sidebar) with the app's own style sheet
 * (src/renderer/src/styles/base.css), their dots working, against the same page with the dots still
 * (`prefers-reduced-motion`, which stops the pulse): main-thread task time over 3 s from Chromium's
 * Performance metrics (CDP), three rounds alternating. A pulse animated by paint properties (a box-shadow)
 * is repainted on the main thread each frame; by opacity and transform the compositor runs it.
 *
 * Run: npx tsx bench/status-pulse.bench.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const ROWS = 19;
const css = readFileSync(new URL('../src/renderer/src/styles/base.css', import.meta.url), 'utf8');
const html = `<!doctype html><html><head><style>${css} .row{height:48px;display:flex;align-items:center;gap:8px;padding:0 12px}</style></head><body>${Array.from(
  { length: ROWS },
  (_, i) => `<div class="row"><span class="status-dot status-working"></span>Session ${i} is working</div>`,
).join('')}</body></html>`;

async function mainThreadMs(browser: Browser, reducedMotion: 'reduce' | 'no-preference'): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, reducedMotion });
  await page.setContent(html);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async (): Promise<number> => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
  await page.waitForTimeout(500);
  const before = await taskSeconds();
  await page.waitForTimeout(3_000);
  const ms = (await taskSeconds()) - before;
  await page.close();
  return ms * 1000;
}

async function main(): Promise<void> {
  const executablePath = process.env.SWARMDESK_CHROMIUM ?? ['/usr/bin/chromium'].find((p) => existsSync(p));
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const pulsing: number[] = [];
    const still: number[] = [];
    for (let round = 0; round < 3; round++) {
      pulsing.push(await mainThreadMs(browser, 'no-preference'));
      still.push(await mainThreadMs(browser, 'reduce'));
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const p = median(pulsing);
    const s = median(still);
    console.log(`status_pulse: ${ROWS} working dots: main thread ${p.toFixed(0)} ms in 3 s (runs: ${pulsing.map((x) => x.toFixed(0)).join(', ')}); still dots ${s.toFixed(0)} ms (runs: ${still.map((x) => x.toFixed(0)).join(', ')})`);
    // Budget: the pulse costs the main thread at most 1% of its time (30 ms in 3 s) beyond still dots.
    console.log(['ROW', `${ROWS} working rows' pulsing dots: the page's main-thread time in 3 s`, `${p.toFixed(0)} ms`, '≤ 30 ms over still dots', `+${(p - s).toFixed(0)} ms over the same page with still dots (${s.toFixed(0)} ms)`, p - s <= 30 ? 'within' : 'OVER'].join('\t'));
  } finally {
    await browser.close();
  }
}

void main();
