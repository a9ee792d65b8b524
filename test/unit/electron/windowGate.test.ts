import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWindowGate } from '../../../src/main/electron/windowGate';

describe('no window before the IPC handlers exist (issue 29: a start-up race)', () => {
  it('asks before the gate opens show nothing; opening shows one window; later asks show it at once', () => {
    let shown = 0;
    const gate = createWindowGate(() => shown++);
    gate.request(); // `activate` on a first launch
    gate.request(); // a second launch while the host starts
    expect(shown).toBe(0);
    gate.open();
    expect(shown).toBe(1);
    gate.open();
    expect(shown).toBe(1);
    gate.request();
    expect(shown).toBe(2);
  });

  it('the entry opens windows only through the gate, and opens it after registering the channels', () => {
    const entry = readFileSync('src/main/index.ts', 'utf8');
    const front = entry.slice(entry.indexOf('function runAsFront'));
    expect(front).toMatch(/app\.on\('second-instance', \(\) => windowGate\.request\(\)\)/);
    expect(front).toMatch(/app\.on\('activate', \(\) => windowGate\.request\(\)\)/);
    expect(front).toMatch(/electronAbilityHandler\(\(\) => windowGate\.request\(\)/);
    // showWindow is called by the gate alone.
    expect([...front.matchAll(/showWindow\b/g)].length).toBe(2); // its definition and createWindowGate(showWindow)
    const registered = front.indexOf('registerIpcChannels(');
    expect(registered).toBeGreaterThan(-1);
    expect(front.indexOf('windowGate.open()')).toBeGreaterThan(registered);
  });
});
