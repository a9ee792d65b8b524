import { describe, expect, it } from 'vitest';
import { FloodGate, type GateClock } from '../../src/renderer/src/terminal/floodGate';

class FakeClock implements GateClock {
  at = 0;
  private timers: Array<{ due: number; run: () => void; live: boolean }> = [];
  now(): number {
    return this.at;
  }
  setTimeout(run: () => void, ms: number): unknown {
    const timer = { due: this.at + ms, run, live: true };
    this.timers.push(timer);
    return timer;
  }
  clearTimeout(handle: unknown): void {
    (handle as { live: boolean }).live = false;
  }
  advance(ms: number): void {
    const end = this.at + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.live && t.due <= end).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.at = next.due;
      next.live = false;
      next.run();
    }
    this.at = end;
  }
}

function gate(options = { periodMs: 100, floodChars: 100 }) {
  const clock = new FakeClock();
  const written: string[] = [];
  return { clock, written, gate: new FloodGate((d) => written.push(d), options, clock) };
}

describe('FloodGate', () => {
  it('hands light output on at once (an echo, a prompt)', () => {
    const { clock, written, gate: g } = gate();
    for (const key of ['l', 's', '\r\n']) {
      g.push(key);
      clock.advance(30);
    }
    expect(written).toEqual(['l', 's', '\r\n']);
  });

  it('a big first write (a screen snapshot) goes at once', () => {
    const { written, gate: g } = gate();
    g.push('x'.repeat(5_000));
    expect(written).toHaveLength(1);
  });

  it('while output floods in, holds it and hands it on once a period, in order, nothing lost', () => {
    const { clock, written, gate: g } = gate();
    let sent = '';
    // 40 pushes a second of 60 characters: 2,400 a second, 240 a period (over 100).
    for (let i = 0; i < 40; i++) {
      const piece = `${String(i).padStart(3, '0')}${'.'.repeat(57)}`;
      sent += piece;
      g.push(piece);
      clock.advance(25);
    }
    clock.advance(200);
    expect(written.join('')).toBe(sent);
    // About ten writes a second instead of forty.
    expect(written.length).toBeLessThanOrEqual(12);
    expect(written.length).toBeGreaterThanOrEqual(8);
  });

  it('flush hands on what is held at once; drop forgets it', () => {
    const { clock, written, gate: g } = gate();
    g.push('a'.repeat(80));
    g.push('b'.repeat(80));
    expect(written).toEqual(['a'.repeat(80)]);
    g.flush();
    expect(written).toEqual(['a'.repeat(80), 'b'.repeat(80)]);
    g.push('c'.repeat(80));
    g.drop();
    clock.advance(1_000);
    expect(written.join('')).not.toContain('c');
  });
});
