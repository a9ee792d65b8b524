import { SplitSide } from '@git-diff-view/react';
import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import { useReview } from '../review/actions';
import { labelLineButtons, lineButtonAt, lineButtons, markRange, openLineField, type LineButton, type LineRange, type LineSide } from './lineComments';

/** A range being chosen with Shift+arrows from a focused line button (which keeps the focus). */
interface Choosing {
  readonly button: HTMLButtonElement;
  readonly side: LineSide;
  readonly anchor: number;
  readonly head: number;
}

const rangeOf = (c: Choosing): LineRange => ({ side: c.side, start: Math.min(c.anchor, c.head), end: Math.max(c.anchor, c.head) });

/**
 * The comment buttons of one diff (`box`): named and made tab stops as the library draws them; Enter or Space
 * opens a line's field, Shift+click (or Shift+Enter) a range from the last line opened; Shift+ArrowDown/Up
 * from a focused line chooses a range (marked; the button keeps its name and is described "Lines N–M chosen"), Enter opens it,
 * Escape drops it; ArrowDown/Up alone go to the next line's button (the same side in a split view).
 * The field opens under the range's last line; closed, focus goes back to where the user was.
 * A line field kept open in the review store for this file (`kept`) opens again once its line is drawn:
 * the library forgets its open field when the diff is drawn anew (layout, theme, a pushed change).
 */
export function useLineComments(box: RefObject<HTMLDivElement | null>, mode: 'split' | 'unified', kept: { sessionId: SessionId; path: string } | null = null) {
  const shift = useRef(false);
  // The last line opened (Shift+click extends from it), the range the open field is for, and who had focus.
  const anchor = useRef<{ side: LineSide; line: number } | null>(null);
  const range = useRef<[number, number]>([1, 1]);
  const opener = useRef<HTMLElement | null>(null);
  const choosing = useRef<Choosing | null>(null);
  // The range Enter asked for, taken by the next field opened; and the lines marked now.
  const asked = useRef<LineRange | null>(null);
  const marked = useRef<LineRange | null>(null);

  // A line button pressed with the real mouse: the field takes focus, and gets it back to this button when closed.
  const clicked = useRef<HTMLElement | null>(null);
  // A kept field asked open again, until its textbox is drawn.
  const reopening = useRef(false);

  const refresh = (): void => {
    const root = box.current;
    if (!root) return;
    const c = choosing.current;
    labelLineButtons(root, c ? { button: c.button, start: c.anchor, end: c.head } : null);
    markRange(root, marked.current);
    reopen(root);
  };

  /** The kept line field of this file, opened under its last line (the button stands in as where focus goes back). */
  const reopen = (root: HTMLElement): void => {
    const open = root.querySelector('.review-field') !== null;
    if (open) reopening.current = false;
    const field = kept ? useReview.getState().fields[kept.sessionId] : null;
    if (open || reopening.current || !field || field.path !== kept?.path || field.side === 'file' || field.startLine === undefined) return;
    const side = field.side;
    const end = field.endLine ?? field.startLine;
    const buttons = lineButtons(root);
    const last = buttons.find((b) => b.side === side && b.line === end);
    if (!last) return;
    // Focus goes back, when it closes, to the button that first opened it (now drawn anew).
    const back = field.returnTo ? buttons.find((b) => b.side === field.returnTo?.side && b.line === field.returnTo.line) : undefined;
    reopening.current = true;
    asked.current = { side, start: field.startLine, end };
    clicked.current = (back ?? last).button;
    openLineField(last.button);
  };

  useEffect(() => {
    const root = box.current;
    if (!root || typeof MutationObserver === 'undefined') return;
    refresh();
    // The library draws rows as they come (and again on each change): names and marks follow.
    const observer = new MutationObserver(refresh);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh reads refs only
  }, [box]);

  const drop = (): void => {
    choosing.current = null;
    marked.current = null;
    refresh();
  };

  /** The button `step` lines on from `at`: the same side, or (unified, no Shift) any side. */
  const next = (at: LineButton, step: 1 | -1, sameSide: boolean): LineButton | null => {
    const root = box.current;
    if (!root) return null;
    const all = lineButtons(root).filter((b) => !sameSide || b.side === at.side);
    const i = all.findIndex((b) => b.side === at.side && b.line === at.line);
    return i < 0 ? null : (all[i + step] ?? null);
  };

  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>): void => {
    const at = lineButtonAt(e.target);
    if (!at) return;
    const c = choosing.current?.button === at.button ? choosing.current : null;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      if (e.shiftKey) {
        const from = c ?? { button: at.button, side: at.side, anchor: at.line, head: at.line };
        const to = next({ ...at, line: from.head }, step, true);
        const chosen = to ? { ...from, head: to.line } : from;
        choosing.current = chosen;
        marked.current = rangeOf(chosen);
        refresh();
        return;
      }
      const to = next(at, step, mode === 'split');
      if (c) drop();
      to?.button.focus();
      return;
    }
    if (e.key === 'Escape' && c) {
      e.preventDefault();
      e.stopPropagation();
      drop();
      return;
    }
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    if (!c) {
      openLineField(at.button, e.shiftKey);
      return;
    }
    // The field opens under the range's last line; focus stays on this button until the field takes it.
    const chosen = rangeOf(c);
    const last = lineButtons(box.current ?? at.button).find((b) => b.side === chosen.side && b.line === chosen.end);
    choosing.current = null;
    asked.current = chosen;
    openLineField(last?.button ?? at.button);
  };

  const onMouseDownCapture = (e: React.MouseEvent): void => {
    shift.current = e.shiftKey;
    const at = lineButtonAt(e.target);
    if (!at || !e.nativeEvent.isTrusted) return;
    // The browser would focus the button after this mousedown, taking focus from the field it opens.
    e.preventDefault();
    clicked.current = at.button;
  };

  /** Focus left the button a range was being chosen from (not to the field it opened): the range is dropped. */
  const onBlurCapture = (e: FocusEvent): void => {
    if (choosing.current && e.target === choosing.current.button) drop();
  };

  /** The library opened a line's field (its mousedown, or ours): which lines it is for. */
  const onWidget = (line: number, splitSide: SplitSide): void => {
    const side = splitSide === SplitSide.old ? 'old' : 'new';
    const a = anchor.current;
    const ask = asked.current;
    asked.current = null;
    if (ask && ask.side === side) range.current = [ask.start, ask.end];
    else range.current = shift.current && a && a.side === side ? [Math.min(a.line, line), Math.max(a.line, line)] : [line, line];
    shift.current = false;
    anchor.current = { side, line };
    opener.current = clicked.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    clicked.current = null;
    marked.current = { side, start: range.current[0], end: range.current[1] };
    refresh();
  };

  /** The line button focus goes back to when the field closes (kept with the field, to find it after a redraw). */
  const returnTo = (): { side: LineSide; line: number } | undefined => {
    const at = lineButtonAt(opener.current);
    return at ? { side: at.side, line: at.line } : undefined;
  };

  /** The field closed (added or cancelled): the marks go, focus goes back where the user was. */
  const onFieldClosed = (): void => {
    marked.current = null;
    refresh();
    opener.current?.focus();
  };

  return { range, returnTo, onKeyDownCapture, onMouseDownCapture, onBlurCapture, onWidget, onFieldClosed };
}
