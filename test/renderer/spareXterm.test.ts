import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScreenOptions } from '../../src/renderer/src/terminal/screen';
import { SpareXterm } from '../../src/renderer/src/terminal/spareXterm';
import type { XtermParts } from '../../src/renderer/src/terminal/xtermTerm';

/** A stand-in for xterm's parts (jsdom cannot draw one): `open` puts an element in the parent, as xterm does. */
function standIn(): { make: (options: ScreenOptions) => XtermParts; built: Array<{ options: ScreenOptions; element: HTMLElement; disposed: boolean }> } {
  const built: Array<{ options: ScreenOptions; element: HTMLElement; disposed: boolean }> = [];
  const make = (options: ScreenOptions): XtermParts => {
    const record = { options, element: document.createElement('div'), disposed: false };
    built.push(record);
    let opened = false;
    const term = {
      get element() {
        return opened ? record.element : undefined;
      },
      open: (parent: HTMLElement) => {
        parent.append(record.element);
        opened = true;
      },
      dispose: () => {
        record.disposed = true;
        record.element.remove();
      },
    };
    return { term, fit: {}, search: {} } as unknown as XtermParts;
  };
  return { make, built };
}

describe('the xterm built ahead for the next terminal pane', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('is built once the page is idle, in a hidden holder out of reach, and only one at a time', () => {
    const { make, built } = standIn();
    const spares = new SpareXterm(make);
    spares.prepare();
    spares.prepare();
    expect(built).toHaveLength(0);
    vi.runAllTimers();
    expect(built).toHaveLength(1);
    const holder = document.querySelector('.terminal-spare') as HTMLElement;
    expect(holder.getAttribute('aria-hidden')).toBe('true');
    expect(holder.inert).toBe(true);
    expect(holder.contains(built[0]?.element ?? null)).toBe(true);
    spares.prepare();
    vi.runAllTimers();
    expect(built).toHaveLength(1);
  });

  it('moves into the pane that takes it, its links and shortcuts then going to that pane', () => {
    const { make, built } = standIn();
    const spares = new SpareXterm(make);
    spares.prepare();
    vi.runAllTimers();
    const host = document.createElement('div');
    document.body.append(host);
    const pane = { openLink: vi.fn(), onShortcut: vi.fn() };
    const parts = spares.take(host, pane);
    expect(parts).not.toBeNull();
    expect(host.firstChild).toBe(built[0]?.element);
    expect(document.querySelector('.terminal-spare')).toBeNull();
    // What xterm's addons and key handler were given calls the pane's own options now.
    built[0]?.options.onShortcut('find');
    built[0]?.options.openLink('https://example.com/');
    expect(pane.onShortcut).toHaveBeenCalledWith('find');
    expect(pane.openLink).toHaveBeenCalledWith('https://example.com/');
    // Taken: the next pane builds its own until another is ready.
    expect(spares.take(document.createElement('div'), pane)).toBeNull();
    spares.prepare();
    vi.runAllTimers();
    expect(built).toHaveLength(2);
  });

  it('none is taken before it is built, and a page that cannot build one stops trying', () => {
    const spares = new SpareXterm(() => {
      throw new Error('no canvas');
    });
    expect(spares.take(document.createElement('div'), { openLink: vi.fn(), onShortcut: vi.fn() })).toBeNull();
    spares.prepare();
    vi.runAllTimers();
    expect(document.querySelector('.terminal-spare')).toBeNull();
    spares.prepare();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a page gone before it is idle builds nothing and throws nothing', () => {
    const { make, built } = standIn();
    const spares = new SpareXterm(make);
    spares.prepare();
    vi.stubGlobal('document', undefined);
    try {
      expect(() => vi.runAllTimers()).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(built).toHaveLength(0);
  });

  it('dropped, it leaves nothing in the page', () => {
    const { make, built } = standIn();
    const spares = new SpareXterm(make);
    spares.prepare();
    vi.runAllTimers();
    spares.dispose();
    expect(built[0]?.disposed).toBe(true);
    expect(document.querySelector('.terminal-spare')).toBeNull();
  });
});
