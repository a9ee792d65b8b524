import { cutAtWord } from './cutAtWord';

/*
 * A label fitted to its box, cut at its end on a word (SPEC §7; `cutAtWord`), and fitted again when
 * the box changes width (a resized sidebar or window). The element's text is owned here: React renders
 * no children in it. The whole label stays in the element's tooltip and accessible name (its callers').
 *
 * Widths come from the browser's own text measurement (a canvas in the element's font), never from a
 * layout per try; boxes are read all first and written after, so a list's rows cost one layout.
 * Where nothing can be measured (no layout, as in jsdom) the text stays whole; CSS's ellipsis is the
 * fallback either way.
 */

/** Room kept free: canvas and layout can round a subpixel apart. */
const SLACK_PX = 1.5;

const texts = new WeakMap<HTMLElement, string>();
const queued = new Set<HTMLElement>();
let observer: ResizeObserver | null | undefined;
let context: OffscreenCanvasRenderingContext2D | null | undefined;

function measurer(): OffscreenCanvasRenderingContext2D | null {
  if (context === undefined) context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  return context;
}

function resizeObserver(): ResizeObserver | null {
  if (observer === undefined) observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver((entries) => fitAll(entries.map((e) => e.target as HTMLElement)));
  return observer;
}

interface Box {
  readonly room: number;
  readonly font: string;
}

function boxOf(el: HTMLElement): Box | null {
  if (!el.isConnected || el.clientWidth <= 0) return null;
  const s = getComputedStyle(el);
  const room = el.clientWidth - (parseFloat(s.paddingLeft) || 0) - (parseFloat(s.paddingRight) || 0) - SLACK_PX;
  return { room, font: `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}` };
}

function fitAll(els: readonly HTMLElement[]): void {
  const ctx = measurer();
  // Every box is read before any text is written: one layout for the batch.
  const boxes = els.map((el) => (ctx ? boxOf(el) : null));
  els.forEach((el, i) => {
    const text = texts.get(el);
    if (!el.isConnected) resizeObserver()?.unobserve(el);
    const box = boxes[i];
    if (text === undefined || !box || !ctx) return;
    ctx.font = box.font;
    const shown = cutAtWord(text, (s) => ctx.measureText(s).width <= box.room);
    if (el.textContent !== shown) el.textContent = shown;
  });
}

function flushQueued(): void {
  const els = [...queued];
  queued.clear();
  fitAll(els);
}

/** Show `text` in `el`, cut at a word to the element's width, and keep it fitted. */
export function fitText(el: HTMLElement, text: string): void {
  const known = texts.has(el);
  texts.set(el, text);
  if (el.textContent !== text) el.textContent = text;
  const ro = resizeObserver();
  // A new element is fitted by its first observation (after layout, before paint); a known one
  // whose text or font changed at the same width, after this task's other writes.
  if (!known && ro) ro.observe(el);
  else {
    queued.add(el);
    if (queued.size === 1) queueMicrotask(flushQueued);
  }
}

/** Stop fitting `el` (it leaves the page). */
export function releaseFit(el: HTMLElement): void {
  texts.delete(el);
  queued.delete(el);
  resizeObserver()?.unobserve(el);
}
