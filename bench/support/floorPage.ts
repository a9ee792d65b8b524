/**
 * The floor page of SPEC §13: the app's first screen drawn from the same socket reply, with the app's response
 * headers. It is served by the app's own web mode (its files are put in `out/renderer` for the run and removed
 * after), so it has the app's origin, headers and socket, and is attached to the same host: its script takes the
 * token from the URL fragment, sends on its socket the frames the app sent at start up to its first
 * `sessions:list` request (the hello included), parses each message and, on that request's reply, draws the
 * first screen the app drew (its early rows, copied from the app with its app chunk held back). What it leaves
 * out is the app's own code: the entry's work, the judge, drawing the rows from data.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AFTER_PAINT } from './pageProbes';
import { describeRun, RATIO_RUNS, runRatio, type Pair, type RunRatio } from './ratioRows';

const TOKEN_MARK = '__SWARMDESK_BENCH_TOKEN__';
const RENDERER_DIR = 'out/renderer';

/** The first row on screen (the early rows or React's), painted after navigation: the same probe on both pages. */
export const FIRST_ROW_PROBE = `
  window.__floor = { firstRowAt: 0 };
  ${AFTER_PAINT}
  const check = () => {
    if (!window.__floor.firstRowAt && document.querySelector('[role="listitem"], [data-early-row]')) {
      window.__floor.firstRowAt = -1;
      afterPaint((at) => { window.__floor.firstRowAt = at; });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  // A page parsed whole in one go may not report its nodes one by one.
  document.addEventListener('DOMContentLoaded', check);
`;

export interface FirstScreen {
  /** The root's markup once the early rows were drawn. */
  screen: string;
  /** What the app sent on its socket up to its first list request, the token replaced by a mark. */
  frames: string[];
  listId: number;
}

/**
 * Opens the app with its app chunk held back and copies its first screen and its socket's first frames. The entry
 * draws the early rows only when the first page's reply comes within its bound (`boot/earlyGate.ts`: 1 s after
 * the socket); on a loaded machine it may not, so the copy is tried `tries` times.
 */
export async function captureFirstScreen(browser: Browser, url: string, viewport: { width: number; height: number }, tries = 3, timeoutMs = 20_000): Promise<FirstScreen> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await captureOnce(browser, url, viewport, timeoutMs);
    } catch (err) {
      if (attempt >= tries) throw err;
    }
  }
}

async function captureOnce(browser: Browser, url: string, viewport: { width: number; height: number }, timeoutMs: number): Promise<FirstScreen> {
  const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token') ?? '';
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const frames: string[] = [];
    let listId = -1;
    page.on('websocket', (ws) =>
      ws.on('framesent', ({ payload }) => {
        if (listId >= 0 || typeof payload !== 'string') return;
        frames.push(payload.split(token).join(TOKEN_MARK));
        const sent = JSON.parse(payload) as { id?: number; channel?: string };
        if (sent.channel === 'sessions:list' && typeof sent.id === 'number') listId = sent.id;
      }),
    );
    // Held, not refused: a refused app chunk makes the page say it could not load, in place of the rows.
    await page.route('**/assets/appStart-*.js', () => new Promise<void>(() => undefined));
    await page.goto(url);
    await page.waitForSelector('[data-early-row]', { timeout: timeoutMs });
    const screen = (await page.evaluate('document.getElementById("root").innerHTML')) as string;
    if (!screen.includes('data-early-row')) throw new Error('the app drew no early rows to copy');
    if (listId < 0) throw new Error('the app sent no sessions:list request to copy');
    return { screen, frames, listId };
  } finally {
    await context.close();
  }
}

function floorScript(first: FirstScreen): string {
  return `const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
const FRAMES = ${JSON.stringify(first.frames)};
const SCREEN = ${JSON.stringify(first.screen)};
const ws = new WebSocket('ws://' + location.host + '/ws');
ws.onopen = () => { for (const frame of FRAMES) ws.send(frame.split(${JSON.stringify(TOKEN_MARK)}).join(token)); };
ws.onmessage = (ev) => {
  const message = JSON.parse(ev.data);
  if (message.id === ${first.listId}) { document.getElementById('root').innerHTML = SCREEN; ws.close(); }
};
`;
}

export interface FloorPage {
  /** The floor page's URL beside the app's (same origin, same token). */
  urlFor(appUrl: string): string;
  remove(): void;
}

/** Puts the floor page's two files where web mode serves the built renderer; `remove` takes them away. */
export function installFloorPage(first: FirstScreen): FloorPage {
  const built = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8');
  const styles = /<style>[\s\S]*?<\/style>/.exec(built)?.[0];
  if (!styles) throw new Error('out/renderer/index.html has no inline styles: run `npx electron-vite build` first');
  const name = `bench-floor-${process.pid}`;
  const files = [join(RENDERER_DIR, `${name}.html`), join(RENDERER_DIR, `${name}.js`)];
  const html = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><meta name="color-scheme" content="light dark" /><title>Swarmdesk</title><script type="module" src="/${name}.js"></script>${styles}</head><body><div id="root"></div></body></html>`;
  writeFileSync(files[0] as string, html);
  writeFileSync(files[1] as string, floorScript(first));
  const remove = (): void => {
    for (const f of files) rmSync(f, { force: true });
  };
  process.once('exit', remove);
  return {
    urlFor: (appUrl) => {
      const u = new URL(appUrl);
      return `${u.origin}/${name}.html${u.hash}`;
    },
    remove,
  };
}

/**
 * One page's first row after navigation, in a context of its own (a fresh client). An app page stays until
 * the rest of the swarm is in: closed at its first row, it would leave the host and the front answering its
 * later pages, which the next page's first one would queue behind.
 */
export async function firstRowIn(browser: Browser, url: string, viewport: { width: number; height: number }, then?: (page: Page) => Promise<void>): Promise<number> {
  const context: BrowserContext = await browser.newContext({ viewport, bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(FIRST_ROW_PROBE);
    await page.goto(url);
    await page.waitForFunction('window.__floor.firstRowAt > 0', null, { timeout: 60_000 });
    const at = (await page.evaluate('window.__floor.firstRowAt')) as number;
    if (!url.includes('/bench-floor-')) await page.waitForSelector('[role="list"][aria-label="Sessions"]:not([aria-busy])', { timeout: 120_000 });
    if (then) await then(page);
    return at;
  } finally {
    await context.close();
  }
}

/**
 * The app's first row against the floor page's, in RATIO_RUNS runs of `pairs` interleaved pairs (the order
 * turning each pair), each page a fresh client; `each` sees every app page once its first row is in.
 */
export async function firstRowRuns(
  browser: Browser,
  appUrl: string,
  floor: FloorPage,
  opts: { viewport: { width: number; height: number }; pairs: number; name: string; each?: (page: Page, run: number, pair: number) => Promise<void>; note?: () => string },
): Promise<RunRatio[]> {
  const runs: RunRatio[] = [];
  for (let run = 0; run < RATIO_RUNS; run++) {
    const pairs: Pair[] = [];
    const before = opts.note?.() ?? '';
    for (let k = 0; k < opts.pairs; k++) {
      const app = async (): Promise<number> => firstRowIn(browser, appUrl, opts.viewport, opts.each ? (page) => opts.each!(page, run, k) : undefined);
      const bare = async (): Promise<number> => firstRowIn(browser, floor.urlFor(appUrl), opts.viewport);
      if (k % 2 === 0) {
        const a = await app();
        pairs.push({ app: a, floor: await bare() });
      } else {
        const f = await bare();
        pairs.push({ app: await app(), floor: f });
      }
    }
    const r = runRatio(pairs);
    console.log(`${describeRun(opts.name, run, r, pairs, 'ms')}${before ? `; at its start: ${before}; at its end: ${opts.note?.() ?? ''}` : ''}`);
    runs.push(r);
  }
  return runs;
}
