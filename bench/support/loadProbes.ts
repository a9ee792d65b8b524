import { AFTER_PAINT } from './pageProbes';

export { CLEAR_SEARCH, keystrokeProbe } from './pageProbes';

/**
 * In-page probes of the live-load bench (strings: tsx's helpers do not exist in the page).
 * `window.__load` holds Chromium's longtask entries (over 50 ms), the gaps between animation
 * frames, when the first row was painted (the entry's early rows or React's; React's apart), when a search reply's results were painted, and when
 * a terminal pane first painted a line of the agent it shows.
 */

export const LOAD_PROBE = `
  window.__load = { firstRowAt: 0, reactFirstRowAt: 0, searchPaintedAt: 0, longTasks: [], frames: [], termPaintedAt: 0, termArmedAt: 0 };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__load.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  // Frame gaps: finer than longtask entries and cheap (one callback a frame), unlike a ping loop.
  let lastFrame = 0;
  const frame = (now) => {
    if (lastFrame) window.__load.frames.push({ at: now, gap: now - lastFrame });
    lastFrame = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  ${AFTER_PAINT}
  const NativeWS = window.WebSocket;
  window.WebSocket = class extends NativeWS {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        // A search reply: the app applies it in this task and React renders it at once.
        if (typeof ev.data === 'string' && ev.data.startsWith('{"id":') && ev.data.includes('"ids":[')) {
          afterPaint((at) => { window.__load.searchPaintedAt = at; });
        }
      });
    }
  };
  // The first row on screen: drawn before React by the entry chunk (data-early-row), or React's;
  // React's own first row apart (as the ui-paint bench counts them).
  const rowsSeen = new MutationObserver(() => {
    if (!window.__load.firstRowAt && document.querySelector('[role="listitem"], [data-early-row]')) {
      window.__load.firstRowAt = -1;
      afterPaint((at) => { window.__load.firstRowAt = at; });
    }
    if (!window.__load.reactFirstRowAt && document.querySelector('[role="listitem"]')) {
      window.__load.reactFirstRowAt = -1;
      rowsSeen.disconnect();
      afterPaint((at) => { window.__load.reactFirstRowAt = at; });
    }
  });
  rowsSeen.observe(document, { childList: true, subtree: true });
  // Click a row (by session id) and time it to the first painted frame whose terminal rows show \`text\`.
  window.__openTerminal = (id, text) => {
    window.__load.termPaintedAt = 0;
    const seen = () => {
      for (const rows of document.querySelectorAll('.xterm-rows')) if (rows.textContent.replace(/\u00a0/g, ' ').includes(text)) return true;
      return false;
    };
    const watcher = new MutationObserver(() => {
      if (window.__load.termPaintedAt === 0 && seen()) {
        window.__load.termPaintedAt = -1;
        watcher.disconnect();
        afterPaint((at) => { window.__load.termPaintedAt = at; });
      }
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    const row = document.querySelector('[data-session-id="' + id + '"]');
    if (!row) return false;
    window.__load.termArmedAt = performance.now();
    performance.mark('swarmdesk-open-armed');
    row.click();
    return true;
  };
`;

/** The longest task and frame gap between two page times, and how many long tasks. */
export const windowStats = (from: number, to: number): string => `(() => {
  const b = window.__load;
  const tasks = b.longTasks.filter((t) => t.start + t.duration > ${from} && t.start < ${to});
  const gaps = b.frames.filter((f) => f.at > ${from} && f.at < ${to}).map((f) => f.gap).sort((x, y) => x - y);
  return { longest: Math.max(0, ...tasks.map((t) => t.duration)), count: tasks.length,
    frameMax: gaps[gaps.length - 1] ?? 0, frameP99: gaps[Math.floor(0.99 * (gaps.length - 1))] ?? 0, frames: gaps.length };
})()`;

export interface WindowStats {
  longest: number;
  count: number;
  frameMax: number;
  frameP99: number;
  frames: number;
}
