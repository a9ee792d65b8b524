/**
 * In-page snippets the browser benches share (strings: tsx's helpers do not exist in the page).
 * Each bench keeps its own probe object on `window` (`__bench`, `__load`); these snippets take
 * its name, so one keystroke or one "after paint" means the same thing in every bench.
 */

/** `afterPaint(then)`: calls `then(now)` after the frame now being prepared has been painted (a task posted from its animation frame). */
export const AFTER_PAINT = `
  const afterPaint = (then) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => then(performance.now());
    channel.port2.postMessage(0);
  });
`;

/**
 * One keystroke `key` in the focused search box, resolved with the ms until the frame after its
 * search reply was painted (`window[probe].searchPaintedAt`), or NaN after `deadlineMs`. Where the
 * probe records reply arrival times (`replies`), the split (reply, paint) is kept in `split`.
 */
export function keystrokeProbe(probe: '__bench' | '__load', key: string, deadlineMs = 5_000): string {
  return `(async () => {
  const p = window.${probe};
  const input = document.activeElement;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const start = performance.now();
  setValue.call(input, input.value + ${JSON.stringify(key)});
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return await new Promise((resolve) => {
    const tick = () => {
      if (p.searchPaintedAt > start) {
        if (p.replies) {
          const reply = p.replies.filter((r) => r > start).pop() ?? NaN;
          (p.split = p.split ?? []).push([reply - start, p.searchPaintedAt - reply]);
        }
        resolve(p.searchPaintedAt - start);
      } else if (performance.now() > start + ${deadlineMs}) resolve(NaN);
      else setTimeout(tick, 1);
    };
    tick();
  });
})()`;
}

/** Empties the focused search box the way typing does (an input event). */
export const CLEAR_SEARCH = `(() => {
  const input = document.activeElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, '');
  input.dispatchEvent(new Event('input', { bubbles: true }));
})()`;
