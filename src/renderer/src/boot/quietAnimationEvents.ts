/** CSS animation events: the app handles none of them. */
export const ANIMATION_EVENTS = ['animationstart', 'animationiteration', 'animationend', 'animationcancel'] as const;

const stop = (event: Event): void => event.stopPropagation();

/**
 * React listens at its root for every event type, CSS animation events included, though the app handles
 * none. Each working row's status dot ends a pulse every 1.6 s, so 40 agents at work sent React about 25
 * events a second, each dispatched through its root (about 1.5% of the page's main thread in the live-load
 * trace, and part of its long frames). Stopped at the window, in the capture phase, before any element sees
 * them. A component that ever wants `onAnimationEnd` must take its type out of this list.
 * Returns the way to undo it (tests).
 */
export function quietAnimationEvents(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  for (const type of ANIMATION_EVENTS) target.addEventListener(type, stop, { capture: true });
  return () => {
    for (const type of ANIMATION_EVENTS) target.removeEventListener(type, stop, { capture: true });
  };
}
