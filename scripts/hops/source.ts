import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/*
 * Reading the sources for the hop table: syntax only (one `createSourceFile` per file, no program and no
 * type checker), so the whole tree reads in well under a second.
 */

export interface Source {
  /** Where it is shown: `core/git/worktrees.ts`, `features/sessions/actions.ts`, `shared/ipc/sessions.ts`. */
  readonly shown: string;
  readonly file: ts.SourceFile;
}

/** How a shown path begins, by folder (main's files are named as the docs name them: `core/…`, `transport/…`). */
const SHOWN_AS: ReadonlyArray<readonly [string, string]> = [
  ['src/main/', ''],
  ['src/renderer/src/', 'renderer/'],
  ['src/', ''],
];

export function shownPath(root: string, path: string): string {
  const rel = relative(root, path).split('\\').join('/');
  const found = SHOWN_AS.find(([from]) => rel.startsWith(from));
  return found ? found[1] + rel.slice(found[0].length) : rel;
}

export function parseSource(root: string, path: string): Source {
  const text = readFileSync(path, 'utf8');
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return { shown: shownPath(root, path), file: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind) };
}

/** Every .ts/.tsx file under `dir`, sorted, so the table does not depend on the file system's order. */
export function sourcePaths(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcePaths(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

export function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** A string literal as a value (not in a type position such as `type C = 'terminal:close'`). */
export function valueString(node: ts.Node): string | null {
  if (!ts.isStringLiteral(node)) return null;
  if (ts.isLiteralTypeNode(node.parent)) return null;
  return node.text;
}

function nameText(name: ts.PropertyName | ts.BindingName | undefined): string | null {
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return null;
}

/** The function a node is in, as a reader would name it: `saveRename`, `WorktreeService.start`, or `(module)`. */
export function enclosingName(node: ts.Node): string {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isFunctionDeclaration(n) && n.name) return n.name.text;
    if (ts.isMethodDeclaration(n) || ts.isConstructorDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n)) {
      const method = ts.isConstructorDeclaration(n) ? 'constructor' : (nameText(n.name) ?? '?');
      const owner = ts.isClassLike(n.parent) ? n.parent.name?.text : undefined;
      return owner ? `${owner}.${method}` : method;
    }
    if ((ts.isVariableDeclaration(n) || ts.isPropertyAssignment(n) || ts.isPropertyDeclaration(n)) && n.initializer && isFunctionLike(n.initializer)) {
      const name = nameText(n.name);
      const owner = ts.isPropertyDeclaration(n) && ts.isClassLike(n.parent) ? n.parent.name?.text : undefined;
      if (name) return owner ? `${owner}.${name}` : name;
    }
  }
  return '(module)';
}

export function isFunctionLike(node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

/** A callee as written, without the receiver's `this.` / `this.deps.`: `renameAfterTitle`, `assist.onUserMessage`. */
export function calleeText(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return null;
  if (ts.isPropertyAccessExpression(callee) && !isNameChain(callee.expression)) return null;
  return callee.getText().replace(/\s+/g, '').replace(/^this\.(deps\.)?/, '');
}

function isNameChain(node: ts.Expression): boolean {
  if (ts.isIdentifier(node) || node.kind === ts.SyntaxKind.ThisKeyword) return true;
  return ts.isPropertyAccessExpression(node) && isNameChain(node.expression);
}

/** Every call made inside a node (nested functions included), as callee texts, in source order, once each. */
export function calleesIn(node: ts.Node): string[] {
  const out: string[] = [];
  walk(node, (n) => {
    if (!ts.isCallExpression(n)) return;
    const text = calleeText(n);
    if (text && !out.includes(text)) out.push(text);
  });
  return out;
}

/** The first sentence of a declaration's JSDoc, or null. */
export function docSummary(node: ts.Node): string | null {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const comment = docs.at(-1)?.comment;
  const text = typeof comment === 'string' ? comment : comment?.map((part) => part.text).join('');
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/\.(\s|$)/);
  return end === -1 ? flat : flat.slice(0, end + 1);
}

/** The class a node is in, if any. */
export function enclosingClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) if (ts.isClassLike(n)) return n;
  return undefined;
}

/** A method of a class by name. */
export function methodOf(cls: ts.ClassLikeDeclaration, name: string): ts.MethodDeclaration | undefined {
  return cls.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && nameText(m.name) === name);
}

/** A `const name = <function>` declared in the function around `node` (or any function above it). */
export function localFunction(node: ts.Node, name: string): ts.ArrowFunction | ts.FunctionExpression | undefined {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (!ts.isBlock(n) && !ts.isSourceFile(n)) continue;
    for (const statement of n.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) {
        if (nameText(decl.name) === name && decl.initializer && isFunctionLike(decl.initializer)) return decl.initializer;
      }
    }
  }
  return undefined;
}

/** An expression's text on one line, or null when longer than `max`. */
export function shortText(node: ts.Node, max: number): string | null {
  const text = node.getText().replace(/\s+/g, ' ').replace(/\(\s+/g, '(').replace(/,\s*\)/g, ')');
  return text.length <= max ? text : null;
}
