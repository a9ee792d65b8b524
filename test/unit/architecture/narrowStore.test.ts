import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
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

/** Whether a `Store` type reference is only a member (`Store['x']`) or the base of a `Pick<Store, ...>`. */
function narrowed(ref: ts.TypeNode): boolean {
  const parent = ref.parent;
  if (ts.isIndexedAccessTypeNode(parent) && parent.objectType === ref) return true;
  return ts.isTypeReferenceNode(parent) && parent.typeName.getText() === 'Pick' && parent.typeArguments?.[0] === ref;
}

/** Lines that use the whole `Store` type (read as a syntax tree: imports and comments are not uses). */
export function wholeStoreUses(text: string): string[] {
  if (!/\bStore\b/.test(text)) return [];
  const file = ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n');
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const isStore =
      (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === 'Store') ||
      (ts.isImportTypeNode(node) && node.qualifier?.getText() === 'Store');
    if (isStore && !narrowed(node)) {
      const line = (lines[file.getLineAndCharacterOfPosition(node.getStart()).line] ?? '').trim();
      if (!found.includes(line)) found.push(line);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

describe('narrow store views', () => {
  it('finds a planted whole-Store parameter (the check itself works)', () => {
    expect(wholeStoreUses(`import type { Store } from '../store';\nexport function f(store: Store): void {}\n`)).toEqual(['export function f(store: Store): void {}']);
    expect(wholeStoreUses(`class A {\n  constructor(\n    private readonly store: Store,\n  ) {}\n}\n`)).toEqual(['private readonly store: Store,']);
    expect(wholeStoreUses(`// hands over the whole Store\ntype W = Omit<Store, 'x'>;\n`)).toEqual(["type W = Omit<Store, 'x'>;"]);
    expect(wholeStoreUses(`log.warn('Store closed', { at: 'a Store' });\nconst text = \`the Store\`;\n`)).toEqual([]);
    expect(wholeStoreUses(`type I = { s: import('../store').Store; e: import('../store').Store['entries'] };\n`)).toHaveLength(1);
    expect(wholeStoreUses(`interface A {\n  readonly entries: Pick<Store['entries'], 'page'>;\n  readonly o: Store['sessionOptions'];\n}\ntype R = Pick<Store, 'settings'>;\n`)).toEqual([]);
  });

  it('no module above services/ is handed the whole Store', () => {
    const found = ABOVE_SERVICES.flatMap((dir) => sourceFiles(join(CORE, dir)))
      .flatMap((file) => wholeStoreUses(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}: ${line}`));
    expect(found).toEqual([]);
  });
});
