/**
 * Where the first row's time goes when the app opens on a big swarm (issue 14, `ui-paint`): the same
 * seed and web mode as ui-paint, a fresh page traced (CDP Tracing) from navigation to the first row
 * painted, run after run. Prints the page's main-thread tasks over 2 ms and the socket timeline.
 *
 * Run: npx tsx bench/first-row-trace.ts [--runs 3]   (SWARMDESK_BENCH_SESSIONS, default 10000)
 */
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from '../test/e2e/support/server';
import { seededSwarm } from './support/seedSwarm';
import { traceMainThread } from './support/startTrace';

const SESSIONS = Number(process.env.SWARMDESK_BENCH_SESSIONS ?? 10_000);
const i = process.argv.indexOf('--runs');
const RUNS = i >= 0 ? Number(process.argv[i + 1]) : 3;

const PROBE = `
  window.__t = { marks: [] };
  const mark = (what) => window.__t.marks.push(what + ' ' + performance.now().toFixed(0));
  const NativeWS = window.WebSocket;
  window.WebSocket = class extends NativeWS {
    constructor(...a) { super(...a); mark('socket made'); this.addEventListener('open', () => mark('open'));
      this.addEventListener('message', (ev) => { const d = String(ev.data); mark('msg ' + d.slice(0, 40).replace(/"/g, '') + ' (' + d.length + ')'); }); }
    send(d) { mark('send ' + String(d).slice(0, 50).replace(/"/g, '')); return super.send(d); }
  };
  new MutationObserver(() => {
    if (!window.__t.row && document.querySelector('[role="listitem"], [data-early-row]')) {
      window.__t.row = -1; mark('row in DOM');
      requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => { window.__t.row = performance.now(); mark('row painted'); }; c.port2.postMessage(0); });
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function main(): Promise<void> {
  const dataDir = seededSwarm(SESSIONS, 100);
  const server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      await page.addInitScript(PROBE);
      const stop = await traceMainThread(page);
      await page.goto(server.url);
      await page.waitForFunction('window.__t.row > 0', null, { timeout: 60_000 });
      const t = (await page.evaluate('window.__t')) as { marks: string[]; row: number };
      const res = (await page.evaluate(`performance.getEntriesByType('resource').map((r) => r.name.split('/').pop() + ' ' + Math.round(r.startTime) + '/' + Math.round(r.responseEnd)).join(', ')`)) as string;
      const tasks = await stop(t.row + 20, 2);
      console.log(`\nrun ${run + 1}: first row painted ${t.row.toFixed(0)} ms\n  ${t.marks.join('\n  ')}\n  resources: ${res}\n  tasks:\n    ${tasks.join('\n    ')}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
