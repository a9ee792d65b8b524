import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The main process's modules, and the renderer's, form no import cycle (type-only imports count too:
 * a cycle of types is still two modules that cannot be understood apart).
 * Once `agents → ambient → engine → services → agents` was one.
 */

const ROOT = resolve(__dirname, '../../..');
const MAIN = join(ROOT, 'src/main');
const RENDERER = join(ROOT, 'src/renderer');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Import edges between files under `dir`. */
export function importGraph(dir: string): Map<string, string[]> {
  const files = sourceFiles(dir);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const deps = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? '');
      if (target && target.startsWith(dir)) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): the cycles. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) ?? 0, idx.get(w) ?? 0));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      for (;;) {
        const w = stack.pop() as string;
        on.delete(w);
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe('module cycles', () => {
  it('finds a planted cycle (the check itself works)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
  });

  it('src/main has no import cycle', () => {
    const found = cycles(importGraph(MAIN)).map((c) => c.map((f) => relative(ROOT, f)));
    expect(found).toEqual([]);
  });

  it('src/renderer has no import cycle', () => {
    const found = cycles(importGraph(RENDERER)).map((c) => c.map((f) => relative(ROOT, f)));
    expect(found).toEqual([]);
  });
});
