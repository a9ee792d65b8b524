import { useEffect, type RefObject } from 'react';

/**
 * Keeps focus inside an open dialog when the control that had it goes away under it: a button that
 * disables itself while it works, a list item that is removed, a section that redraws. The page would
 * otherwise focus its body, where Tab starts over from the top and Escape no longer reaches the dialog.
 * Focus goes back to that control once it can take it again, else to the control after it (what now
 * stands in its place), else to the last one.
 */
export function useFocusKept(ref: RefObject<HTMLElement | null>, focusable: string): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let last: HTMLElement | null = null;
    let lastIndex = -1;
    let pending = 0;
    const controls = () => [...root.querySelectorAll<HTMLElement>(focusable)];
    const onFocusIn = (e: FocusEvent) => {
      if (!(e.target instanceof HTMLElement)) return;
      last = e.target;
      lastIndex = controls().indexOf(e.target);
    };
    const lost = () => {
      const active = document.activeElement;
      return last !== null && (active === null || active === document.body) && root.isConnected;
    };
    const restore = () => {
      pending = 0;
      if (!lost() || !last) return;
      const now = controls();
      if (now.includes(last)) return last.focus();
      // The control after it in the page (it is still there, disabled), else whatever took its place.
      const after = last.isConnected ? now.find((el) => last !== null && (last.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0) : now[lastIndex];
      (after ?? now.at(-1) ?? root).focus();
    };
    // The browser lets go of a disabled or removed control as it next draws (without a focusout, at times):
    // look after the frame that follows a change.
    const check = () => {
      if (pending !== 0) return;
      pending = requestAnimationFrame(() => {
        pending = requestAnimationFrame(restore);
      });
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'inert'] });
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', check);
    return () => {
      observer.disconnect();
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', check);
      cancelAnimationFrame(pending);
    };
  }, [ref, focusable]);
}
