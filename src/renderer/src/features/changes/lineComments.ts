/*
 * The diff library draws a "+" button per changed line, shown on hover and pressed with the mouse only
 * (it listens for mousedown). Here each gets its name, "Comment on line N" (SPEC §7.1: kept while a range is
 * being chosen from it, which its description says: "Lines N–M chosen"), and the keyboard; only one per line
 * and side is a tab stop. The
 * lines of a range are marked on their cells (`data-review-range`, review.css), the library's rows untouched.
 */

export type LineSide = 'old' | 'new';

/** A range of lines on one side of the diff (1-based, inclusive). */
export interface LineRange {
  readonly side: LineSide;
  readonly start: number;
  readonly end: number;
}

/** A line's comment button, the line and the side it stands for. */
export interface LineButton {
  readonly button: HTMLButtonElement;
  readonly line: number;
  readonly side: LineSide;
}

/** A line button's accessible name (SPEC §7.1, the same while a range is chosen from it). */
export function lineButtonName(line: number): string {
  return `Comment on line ${String(line)}`;
}

/** What a button a range is chosen from says of it ("Lines 2–4 chosen", an en dash). */
export function rangeDescription(start: number, end: number): string {
  return `Lines ${String(Math.min(start, end))}–${String(Math.max(start, end))} chosen`;
}

/** The hidden text describing the chosen range, one per diff (its id set on the choosing button's aria-describedby). */
function rangeHint(root: HTMLElement): HTMLElement {
  const found = root.querySelector<HTMLElement>(':scope > [data-review-range-hint]');
  if (found) return found;
  const hint = root.ownerDocument.createElement('span');
  hint.hidden = true;
  hint.id = `review-range-${crypto.randomUUID()}`;
  hint.dataset.reviewRangeHint = '';
  root.append(hint);
  return hint;
}

/** The side a widget button is on: the library marks its wrapper `data-add-widget="old|new"` (unified: old for a deleted line). */
function sideOf(button: HTMLElement): LineSide | null {
  const side = button.closest('[data-add-widget]')?.getAttribute('data-add-widget');
  return side === 'old' || side === 'new' ? side : null;
}

/**
 * The line a widget button stands for, from the line-number cell of its row and side: split views number each
 * side's cell (`data-line-num`), unified views one cell with both (`data-line-old-num`, `data-line-new-num`).
 */
function lineOf(button: HTMLElement, side: LineSide): number | null {
  const cell = button.closest('td');
  const row = button.closest('tr');
  if (!cell || !row) return null;
  const num =
    cell.querySelector(`[data-line-num], [data-line-${side}-num]`) ??
    row.querySelector(`td[data-side="${side}"] [data-line-num], .diff-line-${side}-num [data-line-num]`) ??
    row.querySelector('[data-line-num]');
  const n = Number(num?.textContent ?? '');
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The tab-stop line buttons under `root`, in the order they are drawn (labelLineButtons first). */
export function lineButtons(root: HTMLElement): LineButton[] {
  const out: LineButton[] = [];
  for (const button of root.querySelectorAll<HTMLButtonElement>('button.diff-add-widget[data-comment-line]')) {
    if (button.tabIndex !== 0) continue;
    out.push({ button, line: Number(button.dataset.commentLine), side: button.dataset.commentSide === 'old' ? 'old' : 'new' });
  }
  return out;
}

/** The line and side of a widget button named by labelLineButtons; null for anything else. */
export function lineButtonAt(target: EventTarget | null): LineButton | null {
  if (!(target instanceof HTMLButtonElement) || !target.classList.contains('diff-add-widget') || !target.dataset.commentLine) return null;
  return { button: target, line: Number(target.dataset.commentLine), side: target.dataset.commentSide === 'old' ? 'old' : 'new' };
}

/**
 * Names every widget button under `root` and leaves one tab stop per line and side; `choosing` is the button a
 * range is being chosen from (described by the range).
 */
export function labelLineButtons(root: HTMLElement, choosing: { button: HTMLButtonElement; start: number; end: number } | null = null): void {
  const seen = new Set<string>();
  for (const button of root.querySelectorAll<HTMLButtonElement>('button.diff-add-widget')) {
    const side = sideOf(button);
    const line = side ? lineOf(button, side) : null;
    if (side === null || line === null) continue;
    const key = `${String(line)}:${side}:${String(button.closest('tr')?.rowIndex ?? '')}`;
    const name = lineButtonName(line);
    if (button.getAttribute('aria-label') !== name) button.setAttribute('aria-label', name);
    if (choosing?.button === button && choosing.start !== choosing.end) {
      const hint = rangeHint(root);
      const said = rangeDescription(choosing.start, choosing.end);
      // Only when it changes: the diff's MutationObserver labels the buttons again on every child change.
      if (hint.textContent !== said) hint.textContent = said;
      button.setAttribute('aria-describedby', hint.id);
    } else if (button.hasAttribute('aria-describedby')) button.removeAttribute('aria-describedby');
    button.type = 'button';
    button.dataset.commentLine = String(line);
    button.dataset.commentSide = side;
    button.tabIndex = seen.has(key) ? -1 : 0;
    seen.add(key);
  }
}

/** Marks the cells (number and code) of the lines in `range` as chosen; clears every other mark. */
export function markRange(root: HTMLElement, range: LineRange | null): void {
  for (const cell of root.querySelectorAll('[data-review-range]')) cell.removeAttribute('data-review-range');
  if (!range) return;
  for (const { button, line, side } of lineButtons(root)) {
    if (side !== range.side || line < range.start || line > range.end) continue;
    const cell = button.closest('td');
    cell?.setAttribute('data-review-range', '');
    cell?.nextElementSibling?.setAttribute('data-review-range', '');
  }
}

/** Opens a widget button's comment field, as the library's own mousedown does. */
export function openLineField(button: HTMLElement, shiftKey = false): void {
  button.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, shiftKey }));
}
