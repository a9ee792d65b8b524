import { useEffect, type RefObject } from 'react';
import { holdOrder } from '../../stores/sessions';
import { useUi } from '../../stores/ui';

/**
 * Rows never move while the pointer or the focus is in the list (issue 28): a row that gets newer
 * meanwhile shows its new time and status in place, and the list takes its order by time once the
 * pointer has left and the focus is elsewhere (`holdOrder`). The row menu, open over the list, counts
 * as in it. What the user does to the order themselves (drag, pin, archive) applies at once.
 */
export function useOrderHold(listRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let pointer = list.matches(':hover');
    let focus = list.contains(document.activeElement);
    let menu = useUi.getState().menu?.from === 'row';
    const update = () => holdOrder(pointer || focus || menu);
    const onEnter = () => {
      pointer = true;
      update();
    };
    const onLeave = () => {
      pointer = false;
      update();
    };
    const onFocusIn = () => {
      focus = true;
      update();
    };
    const onFocusOut = (e: FocusEvent) => {
      focus = e.relatedTarget instanceof Node && list.contains(e.relatedTarget);
      update();
    };
    const offMenu = useUi.subscribe((state) => {
      const rowMenu = state.menu?.from === 'row';
      if (rowMenu === menu) return;
      menu = rowMenu;
      update();
    });
    list.addEventListener('pointerenter', onEnter);
    list.addEventListener('pointerleave', onLeave);
    list.addEventListener('focusin', onFocusIn);
    list.addEventListener('focusout', onFocusOut);
    update();
    return () => {
      offMenu();
      list.removeEventListener('pointerenter', onEnter);
      list.removeEventListener('pointerleave', onLeave);
      list.removeEventListener('focusin', onFocusIn);
      list.removeEventListener('focusout', onFocusOut);
      holdOrder(false);
    };
  }, [listRef]);
}
