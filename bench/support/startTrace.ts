/**
 * A Chromium trace (CDP Tracing) of a page's main thread, summarised as its tasks: start (ms since
 * navigation start), duration and the largest things inside (script evaluated, functions called,
 * style, layout, paint, timers, events). For `attach-profile.ts`: where a fresh client's start goes.
 * `endTrace` (end a trace, read it back) serves `busy-terminal.bench.ts` too.
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8.execute', 'toplevel'].join(',');

async function readStream(cdp: CDPSession, handle: string): Promise<string> {
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return text;
}

/** Ends tracing on `cdp` and reads the whole trace back (its JSON text). */
export async function endTrace(cdp: CDPSession): Promise<string> {
  const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream ?? '')));
  await cdp.send('Tracing.end');
  return readStream(cdp, await done);
}

/** What a task did, in words: the script, function, timer or event and the rendering steps inside it. */
function describe(inner: TraceEvent[]): string {
  const byName = new Map<string, number>();
  for (const e of inner) {
    const d = e.args?.data ?? e.args?.beginData ?? {};
    const url = typeof d.url === 'string' ? d.url.split('/').pop()?.split('?')[0] : '';
    const what =
      e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' ? `eval ${url}` :
      e.name === 'FunctionCall' ? `call ${String(d.functionName || '?')}@${url}` :
      e.name === 'EventDispatch' ? `event ${String(d.type)}` :
      e.name === 'TimerFire' ? 'timer' :
      e.name === 'FireAnimationFrame' ? 'rAF' :
      ['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize', 'ParseHTML', 'ParseAuthorStyleSheet', 'v8.compileModule', 'v8.compile', 'MajorGC', 'MinorGC', 'Commit', 'HitTest'].includes(e.name) ? e.name : null;
    if (what) byName.set(what, (byName.get(what) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
}

/**
 * Starts tracing the page; the returned stop gives its main thread's tasks of at least `minMs` up to
 * `untilMs`, in ms since navigation or, given `originMark`, since that `performance.mark` in the page.
 */
export async function traceMainThread(page: Page): Promise<(untilMs: number, minMs?: number, originMark?: string) => Promise<string[]>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' });
  return async (untilMs, minMs = 4, originMark) => {
    const text = await endTrace(cdp);
    if (process.env.SWARMDESK_TRACE_FILE) writeFileSync(process.env.SWARMDESK_TRACE_FILE, text);
    const events = (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents;
    // The app's renderer main thread: the one running the app's scripts (other pages in the browser run none).
    const appScript = (e: TraceEvent): boolean => {
      const url = e.args?.data?.url;
      return typeof url === 'string' && url.includes('/assets/');
    };
    const main = events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((t) => ({ t, n: events.filter((x) => x.pid === t.pid && x.tid === t.tid && appScript(x)).length }))
      .sort((a, b) => b.n - a.n)
      .find((c) => c.n > 0)?.t;
    if (!main) return ['(no renderer main thread in the trace)'];
    const mark = originMark ? events.find((e) => e.pid === main.pid && e.name === originMark)?.ts : undefined;
    const nav = mark ?? events.find((e) => e.pid === main.pid && (e.name === 'navigationStart' || e.name === 'markAsMainFrame'))?.ts ?? events.reduce((min, e) => (e.pid === main.pid && e.ts > 0 && e.ts < min ? e.ts : min), Number.POSITIVE_INFINITY);
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
    // The outermost task events only (ThreadControllerImpl::RunTask wraps RunTask).
    const all = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
    const tasks = all.filter((t) => !all.some((o) => o !== t && o.ts <= t.ts && o.ts + (o.dur ?? 0) >= t.ts + (t.dur ?? 0) && (o.dur ?? 0) > (t.dur ?? 0)));
    const lines: string[] = [];
    let busy = 0;
    for (const t of tasks) {
      const at = (t.ts - nav) / 1000;
      const ms = (t.dur ?? 0) / 1000;
      if (at + ms < 0 || at > untilMs) continue;
      busy += ms;
      if (ms < minMs) continue;
      const inner = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0));
      lines.push(`${at.toFixed(0)}+${ms.toFixed(0)}: ${describe(inner)}`);
    }
    lines.push(`main thread busy ${busy.toFixed(0)} ms of the first ${untilMs.toFixed(0)} ms`);
    return lines;
  };
}
