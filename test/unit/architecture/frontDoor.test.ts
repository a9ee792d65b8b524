import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as frontDoor from '../../../src/main/core';

/*
 * Entries, the Electron shell and the transports take the core only through src/main/core/index.ts
 * (lint: eslint-rules/boundaries.js); every name they import is on it. `createCore` there loads the
 * core's modules on demand, so a front never evaluates them.
 */

const ROOT = resolve(__dirname, '../../..');
const MAIN = join(ROOT, 'src/main');
const CORE = join(MAIN, 'core');
const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g;

function filesOutsideCore(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === CORE) continue;
    if (statSync(path).isDirectory()) out.push(...filesOutsideCore(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The names each file outside the core imports from a core module, with where from. */
function coreImports(): Array<{ file: string; name: string; typeOnly: boolean; from: string }> {
  const found: Array<{ file: string; name: string; typeOnly: boolean; from: string }> = [];
  for (const file of filesOutsideCore(MAIN)) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), m[3] ?? '');
      if (!target.startsWith(CORE)) continue;
      for (const raw of (m[2] ?? '').split(',')) {
        const spec = raw.trim();
        if (!spec) continue;
        const typeOnly = Boolean(m[1]) || spec.startsWith('type ');
        const name = spec.replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? spec;
        found.push({ file: relative(ROOT, file), name, typeOnly, from: relative(ROOT, target) });
      }
    }
  }
  return found;
}

/** Every name core/index.ts exports, values and types. */
function frontDoorNames(): Set<string> {
  const text = readFileSync(join(CORE, 'index.ts'), 'utf8');
  const names = new Set<string>();
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const raw of (m[1] ?? '').split(',')) {
      const name = raw.trim().replace(/^type\s+/, '').split(/\s+as\s+/).at(-1);
      if (name) names.add(name);
    }
  }
  for (const m of text.matchAll(/export\s+(?:async\s+)?(?:function|class|const)\s+(\w+)/g)) if (m[1]) names.add(m[1]);
  return names;
}

describe('the core front door', () => {
  it('exports every name the entries, electron/ and transport/ import from the core today', () => {
    const imports = coreImports();
    // The scan sees the entries' imports (a scan that finds nothing proves nothing).
    expect(imports.some((i) => i.file === 'src/main/host/runHost.ts' && i.name === 'acquireDataDirLock')).toBe(true);
    const exported = frontDoorNames();
    const missing = imports.filter((i) => !exported.has(i.name)).map((i) => `${i.name} (${i.file} from ${i.from})`);
    expect(missing).toEqual([]);
  });

  it('exports only what a front imports (issue 30): a name no entry, electron/ or transport/ takes is not on it', () => {
    const imported = new Set(coreImports().map((i) => i.name));
    const unused = [...frontDoorNames()].filter((name) => !imported.has(name)).sort();
    expect(unused).toEqual([]);
  });

  it("hands out the core's own functions and classes, not copies", async () => {
    const [{ createCore }, { acquireDataDirLock }, { resolveDataDir }, { ensurePrivateDataDir }, { createLogger }, { safeExternalUrl }] =
      await Promise.all([
        import('../../../src/main/core/app'),
        import('../../../src/main/core/store/dataDirLock'),
        import('../../../src/main/core/store/dataDir'),
        import('../../../src/main/core/store/privateFiles'),
        import('../../../src/main/core/logger'),
        import('../../../src/main/core/services/app'),
      ]);
    expect(typeof frontDoor.createCore).toBe('function');
    expect(createCore).not.toBe(frontDoor.createCore); // the front door's loads app.ts when called
    expect(frontDoor.acquireDataDirLock).toBe(acquireDataDirLock);
    expect(frontDoor.resolveDataDir).toBe(resolveDataDir);
    expect(frontDoor.ensurePrivateDataDir).toBe(ensurePrivateDataDir);
    expect(frontDoor.createLogger).toBe(createLogger);
    expect(frontDoor.safeExternalUrl).toBe(safeExternalUrl);
  });
});
