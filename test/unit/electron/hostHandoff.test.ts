import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { frontCommand, handActivateToFront } from '../../../src/main/electron/hostHandoff';

const log = { info: () => undefined, error: () => undefined };

describe('macOS: a Dock click that reaches the hidden session host opens a window (issue 29)', () => {
  it('activate in host mode starts a front; repeated clicks while it starts start one', () => {
    const app = new EventEmitter();
    let t = 0;
    let launched = 0;
    handActivateToFront(app as never, { launchFront: () => launched++, minGapMs: 5_000, now: () => t, log });
    app.emit('activate');
    t += 1_000;
    app.emit('activate');
    expect(launched).toBe(1);
    t += 10_000;
    app.emit('activate');
    expect(launched).toBe(2);
  });

  it('a launch that throws is logged, not thrown into the host', () => {
    const app = new EventEmitter();
    const errors: string[] = [];
    handActivateToFront(app as never, { launchFront: () => { throw new Error('EAGAIN'); }, log: { ...log, error: (m) => errors.push(m) } });
    expect(() => app.emit('activate')).not.toThrow();
    expect(errors).toHaveLength(1);
  });

  it('the front is the same binary without the host flag (the app folder only in development)', () => {
    expect(frontCommand('/Applications/Swarmdesk.app/Contents/MacOS/Swarmdesk', '/x/app.asar', true)).toEqual({ command: '/Applications/Swarmdesk.app/Contents/MacOS/Swarmdesk', args: [] });
    expect(frontCommand('/repo/node_modules/electron/dist/electron', '/repo', false)).toEqual({ command: '/repo/node_modules/electron/dist/electron', args: ['/repo'] });
  });

  it('the host mode of the entry installs it on macOS', () => {
    const entry = readFileSync('src/main/index.ts', 'utf8');
    const host = entry.slice(entry.indexOf('function runAsHost'), entry.indexOf('function runAsFront'));
    expect(host).toMatch(/process\.platform === 'darwin'\)\s*handActivateToFront\(app, /);
  });
});
