import { useCallback, type RefObject } from 'react';
import { fitText, releaseFit } from './fitText';

/**
 * A callback ref for an element that shows `text` cut at a word to its width. `restyled` names what
 * changes the element's font (an unread row's label is bolder): a change there fits it again, as does
 * a new element (a row back from its rename field). `holderRef` is set to the element as well.
 */
export function useFittedText<T extends HTMLElement>(text: string, restyled = '', holderRef?: RefObject<T | null>): (el: T | null) => () => void {
  return useCallback(
    (el: T | null) => {
      if (holderRef) holderRef.current = el;
      if (el) fitText(el, text);
      return () => {
        if (holderRef?.current === el) holderRef.current = null;
        if (el) releaseFit(el);
      };
    },
    // `restyled` is what the ref depends on beside the text: a new ref fits again (`holderRef` is a stable ref).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [text, restyled],
  );
}
