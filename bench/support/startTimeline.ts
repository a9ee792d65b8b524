/**
 * A fresh page's start, timed in the page (strings: tsx's helpers do not exist there): the socket's
 * open, ready and first reply, the frames it delivered by event until the timeline is read, the
 * scripts' and styles' load times, the early rows drawn, the first contentful paint, and the first
 * row (`window.__load`, from `loadProbes.ts`). For `attach-profile.ts` and the live-load bench.
 */

/** Timestamps of the socket's life and a count of the frames it delivered, by kind, until `__trace.stop`. */
export const SOCKET_TRACE = `
  window.__trace = { open: 0, ready: 0, firstReply: 0, frames: {}, bytes: 0, stopped: false };
  const TracedWS = window.WebSocket;
  window.WebSocket = class extends TracedWS {
    constructor(...args) {
      super(...args);
      const t = window.__trace;
      this.addEventListener('open', () => { t.open = performance.now(); });
      this.addEventListener('message', (ev) => {
        if (t.stopped || typeof ev.data !== 'string') return;
        t.bytes += ev.data.length;
        const kind = ev.data.startsWith('{"event":"') ? ev.data.slice(10, ev.data.indexOf('"', 10)) : ev.data.startsWith('{"type":"ready"') ? 'ready' : 'reply';
        t.frames[kind] = (t.frames[kind] || 0) + 1;
        if (kind === 'ready' && !t.ready) t.ready = performance.now();
        if (kind === 'reply' && !t.firstReply) t.firstReply = performance.now();
      });
    }
  };
`;

export interface StartTimeline {
  firstRow: number;
  /** Set once React's rows were painted (0 while they were not yet). */
  reactFirstRow: number;
  open: number;
  ready: number;
  firstReply: number;
  earlyRows: number;
  fcp: number;
  resources: string[];
  frames: Record<string, number>;
  bytes: number;
  longTasks: number[];
}

export const TIMELINE = `(() => {
  const t = window.__trace;
  t.stopped = true;
  const res = performance.getEntriesByType('resource').filter((r) => !r.name.includes('/ws'))
    .map((r) => r.name.split('/').pop().split('?')[0].slice(0, 28) + ' ' + r.startTime.toFixed(0) + '→' + r.responseEnd.toFixed(0));
  const early = performance.getEntriesByName('swarmdesk:early-rows')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return { firstRow: window.__load.firstRowAt, reactFirstRow: window.__load.reactFirstRowAt, open: t.open, ready: t.ready, firstReply: t.firstReply,
    earlyRows: early ? early.startTime + early.duration : 0, fcp: fcp ? fcp.startTime : 0, resources: res,
    frames: t.frames, bytes: t.bytes, longTasks: window.__load.longTasks.map((x) => Math.round(x.duration)) };
})()`;
