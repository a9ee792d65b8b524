import { describe, expect, it } from 'vitest';
import { PaneFeed, type StreamPiece } from '../../src/renderer/src/terminal/paneFeed';

/** A deterministic pseudo-random sequence (no flaky seeds). */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

describe('PaneFeed: the screen first, then the scrollback behind it', () => {
  it('for any chunking and any snapshot points, the front and the back each get the stream once and in order', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const stream = Array.from({ length: 200 }, (_, i) => String.fromCharCode(33 + (i % 90))).join('');
      const pieces: StreamPiece[] = [];
      for (let at = 0; at < stream.length; ) {
        const size = 1 + Math.floor(next() * 17);
        pieces.push({ data: stream.slice(at, at + size), offset: at });
        at += size;
      }
      // The host's two snapshots: the screen at one offset, the scrollback at a later one; each arrives once some pieces were delivered.
      const screenAt = Math.floor(next() * 120);
      const allAt = screenAt + Math.floor(next() * 60);
      const screenArrives = pieces.findIndex((p) => p.offset + p.data.length >= screenAt) + Math.floor(next() * 3);
      const allArrives = Math.max(screenArrives, pieces.findIndex((p) => p.offset + p.data.length >= allAt)) + Math.floor(next() * 3);
      const front: string[] = [];
      const back: string[] = [];
      let swappedAt = -1;
      const feed = new PaneFeed({ front: (d) => front.push(d), back: (d) => back.push(d) });
      pieces.forEach((piece, i) => {
        if (i === screenArrives) feed.screen({ data: `[${stream.slice(0, screenAt)}]`, offset: screenAt });
        if (i === allArrives) feed.scrollback({ data: `{${stream.slice(0, allAt)}}`, offset: allAt });
        if (i === allArrives + 5) {
          feed.swapped();
          swappedAt = front.length;
        }
        feed.live(piece);
      });
      const label = `seed ${seed}`;
      if (screenArrives < pieces.length) {
        // The front until the swap: the screen, then the stream from its offset on, each character once (as far as it got).
        const shown = front.slice(0, swappedAt < 0 ? undefined : swappedAt).join('');
        expect(`[${stream.slice(0, screenAt)}]${stream.slice(screenAt)}`.startsWith(shown), label).toBe(true);
        expect(shown.length, label).toBeGreaterThan(screenAt + 2);
      }
      if (allArrives < pieces.length) {
        // The back, and the front after the swap (the same screen by then), together: the scrollback and every character after it once.
        expect(back.join('') + front.slice(swappedAt < 0 ? front.length : swappedAt).join(''), label).toBe(`{${stream.slice(0, allAt)}}${stream.slice(allAt)}`);
      }
    }
  });

  it('without a scrollback (its open failed), the front goes on alone and nothing is held', () => {
    const front: string[] = [];
    const back: string[] = [];
    const feed = new PaneFeed({ front: (d) => front.push(d), back: (d) => back.push(d) });
    feed.screen({ data: 'S', offset: 2 });
    feed.live({ data: 'abcd', offset: 0 });
    feed.noScrollback();
    feed.live({ data: 'ef', offset: 4 });
    expect(front).toEqual(['S', 'cd', 'ef']);
    expect(back).toEqual([]);
  });
});
