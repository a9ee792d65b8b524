import { afterEach, describe, expect, it } from 'vitest';
import { ANIMATION_EVENTS, quietAnimationEvents } from '../../src/renderer/src/boot/quietAnimationEvents';

describe('quietAnimationEvents', () => {
  let undo: (() => void) | null = null;
  afterEach(() => {
    undo?.();
    undo = null;
    document.body.replaceChildren();
  });

  function tree(): { root: HTMLElement; dot: HTMLElement; seen: string[] } {
    const root = document.createElement('div');
    const dot = document.createElement('span');
    root.append(dot);
    document.body.append(root);
    const seen: string[] = [];
    // As React listens at its root: both phases.
    for (const type of [...ANIMATION_EVENTS, 'click']) {
      root.addEventListener(type, () => seen.push(`capture ${type}`), { capture: true });
      root.addEventListener(type, () => seen.push(`bubble ${type}`));
    }
    return { root, dot, seen };
  }

  it('stops every CSS animation event at the window, before the root in either phase', () => {
    const { dot, seen } = tree();
    undo = quietAnimationEvents();
    for (const type of ANIMATION_EVENTS) dot.dispatchEvent(new Event(type, { bubbles: true }));
    expect(seen).toEqual([]);
  });

  it('leaves other events alone', () => {
    const { dot, seen } = tree();
    undo = quietAnimationEvents();
    dot.dispatchEvent(new Event('click', { bubbles: true }));
    expect(seen).toEqual(['capture click', 'bubble click']);
  });

  it('undone, the events reach the root again', () => {
    const { dot, seen } = tree();
    quietAnimationEvents()();
    dot.dispatchEvent(new Event('animationiteration', { bubbles: true }));
    expect(seen).toEqual(['capture animationiteration', 'bubble animationiteration']);
  });
});
