/** Small parts of the live-load bench: the browser, the empty-page baseline, memory and statistics. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';

export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.SWARMDESK_CHROMIUM ?? ['/usr/bin/chromium'].find((p) => existsSync(p));
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

const EMPTY_PAGE = '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>empty</title></head><body><div role="list"><div role="listitem">empty</div></div></body></html>';

/** A static page with one list item on loopback: the same run's baseline for a first paint. */
export async function emptyPageUrl(): Promise<{ url: string; close(): void }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(EMPTY_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** A process's resident memory now and its kernel-kept peak (VmHWM), in MB; 0 once it is gone. */
export function rssMb(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** The value at quantile q (nearest rank); NaN for an empty list. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
}

export function median(xs: readonly number[]): number {
  return quantile(xs, 0.5);
}

/** Seconds of a page's main thread so far, by Chromium's metrics (over CDP): all tasks, and in them. */
export interface MainThreadTime {
  task: number;
  script: number;
  layout: number;
  style: number;
}

export async function mainThreadBusy(page: Page): Promise<() => Promise<MainThreadTime>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string): number => metrics.find((m) => m.name === name)?.value ?? NaN;
    return { task: value('TaskDuration'), script: value('ScriptDuration'), layout: value('LayoutDuration'), style: value('RecalcStyleDuration') };
  };
}

/** Where a page's main thread went between two readings, as shares of `seconds` of wall time. */
export function busyShares(from: MainThreadTime, to: MainThreadTime, seconds: number): MainThreadTime {
  const share = (k: keyof MainThreadTime): number => ((to[k] - from[k]) / seconds) * 100;
  return { task: share('task'), script: share('script'), layout: share('layout'), style: share('style') };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/**
 * Records a CPU profile of a page (CDP Profiler); the returned stop writes it to `file` and gives the
 * functions with the most self time, as `share% name (file:line)` lines.
 */
export async function profilePage(page: Page, file: string): Promise<() => Promise<string[]>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[] } };
    writeFileSync(file, JSON.stringify(profile));
    const self = new Map<string, number>();
    let total = 0;
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      total += hits;
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} (${url.split('/').pop() || 'native'}:${lineNumber + 1})`;
      self.set(key, (self.get(key) ?? 0) + hits);
    }
    return [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([key, hits]) => `${((hits / Math.max(1, total)) * 100).toFixed(1)}% ${key}`);
  };
}
