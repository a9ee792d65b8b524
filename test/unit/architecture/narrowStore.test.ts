import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * "One writer", typed (issue 30): above services/, no module is handed the whole `Store`. Agents, ambient,
 * git, the use cases, handlers and models name only their part of it (`AgentsStore`, `ImportStore`,
 * `AmbientStore`, `RecordStore`: `Store['x']` members and `Pick<Store, ...>`), so a write to
 * a table another part owns does not type-check.
 */

const ROOT = resolve(__dirname, '../../..');
const CORE = join(ROOT, 'src/main/core');
const ABOVE_SERVICES = ['agents', 'ambient', 'git', 'usecases', 'handlers', 'models'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** Lines that use the whole `Store` type: not an import, a comment, a member (`Store['x']`) or a `Pick<Store, ...>`. */
export function wholeStoreUses(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/^\s*(import|\*|\/\/|\/\*)/.test(line))
    .filter((line) => /\bStore\b/.test(line.replace(/\/\/.*$/, '').replace(/\bPick<Store,/g, '').replace(/\bStore\s*\[/g, '')))
    .map((line) => line.trim());
}

describe('narrow store views', () => {
  it('finds a planted whole-Store parameter (the check itself works)', () => {
    expect(wholeStoreUses(`import type { Store } from '../store';\nexport function f(store: Store): void {}\n`)).toEqual(['export function f(store: Store): void {}']);
    expect(wholeStoreUses(`  constructor(\n    private readonly store: Store,\n  ) {}\n`)).toEqual(['private readonly store: Store,']);
    expect(wholeStoreUses(`interface A {\n  readonly entries: Pick<Store['entries'], 'page'>;\n  readonly o: Store['sessionOptions'];\n}\ntype R = Pick<Store, 'settings'>;\n`)).toEqual([]);
  });

  it('no module above services/ is handed the whole Store', () => {
    const found = ABOVE_SERVICES.flatMap((dir) => sourceFiles(join(CORE, dir)))
      .flatMap((file) => wholeStoreUses(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}: ${line}`));
    expect(found).toEqual([]);
  });
});
