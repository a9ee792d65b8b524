import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtWorkerFile } from '../../../src/main/core/workerEntry';

const resources = ['', 'opt', 'Swarmdesk', 'resources'].join(sep);

describe('worker entries in a build', () => {
  it('a packaged worker starts inside app.asar, where its chunks are (not from app.asar.unpacked)', () => {
    const here = pathToFileURL(join(resources, 'app.asar', 'out', 'main', 'chunks', 'app-X.js')).href;
    const asked: string[] = [];
    const file = builtWorkerFile({ here, built: 'import-worker.js' }, (f) => (asked.push(f), f.endsWith(join('out', 'main', 'import-worker.js'))));
    expect(file).toBe(join(resources, 'app.asar', 'out', 'main', 'import-worker.js'));
    expect(asked.every((f) => !f.includes('app.asar.unpacked'))).toBe(true);
  });

  it('looks next to the caller first, then one folder up; null when neither exists', () => {
    const here = pathToFileURL(join(resources, 'app', 'out', 'main', 'index.js')).href;
    expect(builtWorkerFile({ here, built: 'store-check-worker.js' }, () => true)).toBe(join(resources, 'app', 'out', 'main', 'store-check-worker.js'));
    expect(builtWorkerFile({ here, built: 'store-check-worker.js' }, () => false)).toBeNull();
  });
});
