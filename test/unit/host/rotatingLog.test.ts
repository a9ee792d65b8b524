import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RotatingLog } from '../../../src/main/host/rotatingLog';
import { parseHostArgs } from '../../../src/main/host/hostArgs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the session host's log", () => {
  it('appends lines (0600) and, past its bound, moves the old part to .1 and starts again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-log-'));
    dirs.push(dir);
    const file = join(dir, 'host.log');
    const log = new RotatingLog(file, 100);
    log.write('first line');
    log.write('second line\n');
    expect(readFileSync(file, 'utf8')).toBe('first line\nsecond line\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    for (let i = 0; i < 10; i++) log.write(`line number ${i}`);
    log.close();
    expect(statSync(file).size).toBeLessThanOrEqual(100);
    expect(readFileSync(`${file}.1`, 'utf8')).toContain('first line');
    expect(readFileSync(file, 'utf8')).toContain('line number 9');
  });

  it('a log already past its bound at start is rotated first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-log-'));
    dirs.push(dir);
    const file = join(dir, 'host.log');
    writeFileSync(file, 'x'.repeat(500));
    new RotatingLog(file, 100).close();
    expect(statSync(file).size).toBe(0);
    expect(statSync(`${file}.1`).size).toBe(500);
  });
});

describe("the session host's arguments", () => {
  it('needs a data folder; takes a report pipe above the standard three', () => {
    expect(parseHostArgs(['--data-dir', '/d', '--report-fd', '3'])).toEqual({ dataDir: '/d', reportFd: 3, unlessStoppedSince: null });
    expect(parseHostArgs(['--data-dir', '/d', '--report-fd', '1'])).toEqual({ dataDir: '/d', reportFd: null, unlessStoppedSince: null });
    expect(() => parseHostArgs([])).toThrow(/--data-dir/);
  });

  it("takes the lost host's start time from a re-attaching front, and refuses one that is not a time", () => {
    expect(parseHostArgs(['--data-dir', '/d', '--unless-stopped-since', '2026-12-05T01:00:00.000Z']).unlessStoppedSince).toBe('2026-12-05T01:00:00.000Z');
    expect(() => parseHostArgs(['--data-dir', '/d', '--unless-stopped-since', 'yesterday'])).toThrow(/ISO 8601/);
    expect(() => parseHostArgs(['--data-dir', '/d', '--unless-stopped-since'])).toThrow(/ISO 8601/);
  });
});
