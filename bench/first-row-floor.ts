/**
 * The first row's floor on this machine (issue 14: "the first row within 3× an empty page's paint").
 * In one browser, run after run, each page's first row painted after navigation (ui-paint's measure):
 * - `empty`: ui-paint's baseline, a static page with one list item;
 * - `static`: the app's first screen as static HTML (the sidebar and rows as the early paint draws
 *   them, the entry's styles inline as the built index.html has them), no script;
 * - `script`: that same screen drawn by a module script the page loads, as the app's entry is
 *   loaded (no socket, no judge, none of the app's code): the least a page whose rows need its
 *   script can do (web mode's rows do: the access token is in the URL fragment, which only the
 *   page's script can read);
 * - `script-coop`, `script-headers`: that page with the app's `Cross-Origin-Opener-Policy` alone, and with
 *   all of the app's response headers (`transport/csp.ts`);
 * - `socket`: that page with the app's headers, drawing the screen its socket sends in reply to one
 *   message: the least a page whose rows come over its socket can do;
 * - `app`: the app in web mode on the same swarm (10,000 sessions).
 * The screen is taken from the app itself: its early rows, with the app chunk held back.
 * The order turns each run, so no page always follows another.
 *
 * Run: npx tsx bench/first-row-floor.ts [--runs 30]   (after `npx electron-vite build`)
 */
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { WebSocketServer } from 'ws';
import { startServer } from '../test/e2e/support/server';
import { seededSwarm } from './support/seedSwarm';
import { contentSecurityPolicy, HARDENING_HEADERS } from '../src/main/transport/csp';
import { FIRST_ROW_PROBE } from './support/floorPage';

const SESSIONS = Number(process.env.SWARMDESK_BENCH_SESSIONS ?? 10_000);
const i = process.argv.indexOf('--runs');
const RUNS = i >= 0 ? Number(process.argv[i + 1]) : 30;
/** ui-paint's viewport: the early paint draws the rows in view. */
const VIEWPORT = { width: 1280, height: 800 };

/** Draws the screen the socket sends: the least a page whose rows come over its socket can do. */
const SOCKET_DRAW = `const ws = new WebSocket('ws://' + location.host + '/ws');
ws.onopen = () => ws.send('first page');
ws.onmessage = (ev) => { document.getElementById('root').innerHTML = ev.data; ws.close(); };
`;

const EMPTY_PAGE = '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>empty</title></head><body><div role="list"><div role="listitem">empty</div></div></body></html>';

/** The app's first screen: the root's markup once the early rows are drawn (the app chunk never arrives). */
async function takeFirstScreen(browser: Browser, url: string): Promise<string> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  // Held, not refused: a refused app chunk makes the page say it could not load, in place of the rows.
  await page.route('**/assets/appStart-*.js', () => new Promise<void>(() => undefined));
  await page.goto(url);
  await page.waitForSelector('[data-early-row]');
  const html = (await page.evaluate('document.getElementById("root").innerHTML')) as string;
  if (!html.includes('data-early-row')) throw new Error('the app drew no early rows to copy');
  await page.close();
  return html;
}

/** The built index.html's head (its inline styles) around a body of `body`. */
function pageWith(styles: string, head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><meta name="color-scheme" content="light dark" /><title>Swarmdesk</title>${head}${styles}</head><body>${body}</body></html>`;
}

async function firstRowAt(browser: Browser, url: string): Promise<number> {
  const page = await browser.newPage({ viewport: VIEWPORT, bypassCSP: true });
  await page.addInitScript(FIRST_ROW_PROBE);
  await page.goto(url);
  await page.waitForFunction('window.__floor.firstRowAt > 0', null, { timeout: 60_000 });
  const at = (await page.evaluate('window.__floor.firstRowAt')) as number;
  // The app's page stays until the rest of the swarm is in: closed at its first row, it would leave the
  // host and the front answering its later pages, which the next run's first page would queue behind.
  if (url.includes('#token=')) await page.waitForSelector('[role="list"][aria-label="Sessions"]:not([aria-busy])', { timeout: 120_000 });
  await page.close();
  return at;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function main(): Promise<void> {
  const built = readFileSync('out/renderer/index.html', 'utf8');
  const styles = /<style>[\s\S]*?<\/style>/.exec(built)?.[0];
  if (!styles) throw new Error('out/renderer/index.html has no inline styles: run `npx electron-vite build` first');

  const dataDir = seededSwarm(SESSIONS, 100);
  const app = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
  const browser = await chromium.launch({
    executablePath: process.env.SWARMDESK_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const pages = createServer((req, res) => {
    res.setHeader('cache-control', 'no-store');
    if (req.url === '/draw.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(drawScript);
    else if (req.url === '/static') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(staticPage);
    else if (req.url === '/script-coop') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'Cross-Origin-Opener-Policy': 'same-origin' }).end(scriptPage);
    else if (req.url === '/script-headers') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers() }).end(scriptPage);
    else if (req.url === '/socket') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers() }).end(socketPage);
    else if (req.url === '/draw-socket.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(SOCKET_DRAW);
    else if (req.url === '/script') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(scriptPage);
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(EMPTY_PAGE);
  });
  let staticPage = '';
  let scriptPage = '';
  let drawScript = '';
  let socketPage = '';
  /** The app's own response headers (web mode's CSP for this port, and the hardening ones). */
  const headers = (): Record<string, string> => ({ ...HARDENING_HEADERS, 'Content-Security-Policy': contentSecurityPolicy({ kind: 'web', port: (pages.address() as AddressInfo).port }) });
  // The screen over a socket: one message asked, the screen's markup in reply (no token, no judge).
  const sockets = new WebSocketServer({ server: pages, path: '/ws' });
  sockets.on('connection', (ws) => ws.once('message', () => ws.send(screen)));
  let screen = '';
  try {
    screen = await takeFirstScreen(browser, app.url);
    staticPage = pageWith(styles, '', `<div id="root">${screen}</div>`);
    scriptPage = pageWith(styles, '<script type="module" src="/draw.js"></script>', '<div id="root"></div>');
    socketPage = pageWith(styles, '<script type="module" src="/draw-socket.js"></script>', '<div id="root"></div>');
    drawScript = `document.getElementById('root').innerHTML = ${JSON.stringify(screen)};\n`;
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    const targets: Array<[string, string]> = [
      ['empty', `${base}/`],
      ['static', `${base}/static`],
      ['script', `${base}/script`],
      ['script-coop', `${base}/script-coop`],
      ['script-headers', `${base}/script-headers`],
      ['socket', `${base}/socket`],
      ['app', app.url],
    ];
    const times = new Map<string, number[]>(targets.map(([name]) => [name, []]));
    for (let run = 0; run < RUNS; run++) {
      for (let k = 0; k < targets.length; k++) {
        const [name, url] = targets[(run + k) % targets.length] as [string, string];
        times.get(name)?.push(await firstRowAt(browser, url));
      }
    }
    const empty = median(times.get('empty') ?? []);
    console.log(`floor.first_screen: ${screen.length} characters of markup, ${(screen.match(/data-early-row/g) ?? []).length} rows; ${RUNS} runs`);
    for (const [name] of targets) {
      const xs = times.get(name) ?? [];
      console.log(`floor.${name}: ${median(xs).toFixed(0)} ms median (${(median(xs) / empty).toFixed(1)}× the empty page; runs ${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)} ms)`);
    }
  } finally {
    sockets.close();
    pages.close();
    await browser.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
