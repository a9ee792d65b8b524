import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unpackedPath } from '../../../src/main/core/workerEntry';

describe('worker entries in a packaged app', () => {
  it('a worker inside app.asar starts from its unpacked copy (electron-builder.yml asarUnpack)', () => {
    const packed = ['', 'opt', 'Swarmdesk', 'resources', 'app.asar', 'out', 'main', 'import-worker.js'].join(sep);
    expect(unpackedPath(packed)).toBe(['', 'opt', 'Swarmdesk', 'resources', 'app.asar.unpacked', 'out', 'main', 'import-worker.js'].join(sep));
  });

  it('paths outside an archive are left as they are', () => {
    const plain = ['', 'work', 'swarmdesk', 'out', 'main', 'store-check-worker.js'].join(sep);
    expect(unpackedPath(plain)).toBe(plain);
    const lookalike = ['', 'srv', 'app.asar.unpacked', 'x.js'].join(sep);
    expect(unpackedPath(lookalike)).toBe(lookalike);
  });
});
