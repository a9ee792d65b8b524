import { dirname, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import ts from 'typescript';
import { calleesIn, docSummary, isFunctionLike, localFunction, parseSource, shortText, sourcePaths, walk, type Source } from './source';

/* Where each channel, event and hook is defined: its schemas, its handler, its arguments. */

export interface Schemas {
  readonly file: string;
  readonly input: string;
  readonly output: string;
}

export interface HandlerHop {
  readonly file: string;
  readonly name: string;
  /** The narrow view of the core it asks for (`SessionsContext`), as its type says. */
  readonly context: string | null;
  /** What it calls on that view (`sessions.rename`) and the functions it calls (`createUserSession`). */
  readonly calls: readonly string[];
}

export interface HookDefinition {
  readonly name: string;
  readonly args: string;
  readonly doc: string | null;
}

const MAX_SCHEMA_TEXT = 44;
const MAX_KEYS = 8;

/** `z.object({ a, b }).strict()` → its object literal (the schema's shape), through any chained calls. */
function rootObject(node: ts.Expression): ts.ObjectLiteralExpression | undefined {
  let n: ts.Expression = node;
  for (;;) {
    if (!ts.isCallExpression(n) || !ts.isPropertyAccessExpression(n.expression)) return undefined;
    const arg = n.arguments[0];
    if (n.expression.name.text === 'object' && arg && ts.isObjectLiteralExpression(arg)) return arg;
    n = n.expression.expression;
  }
}

/** A schema as a reader wants it in a table cell: its name, a short expression, or its keys. */
export function schemaText(node: ts.Expression): string {
  const short = shortText(node, MAX_SCHEMA_TEXT);
  if (short) return `\`${short}\``;
  const shape = rootObject(node);
  if (!shape) return 'inline';
  const keys = shape.properties.map((p) => {
    if (ts.isSpreadAssignment(p)) return `...${shortText(p.expression, 30) ?? '…'}`;
    return p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '?';
  });
  const shown = keys.length > MAX_KEYS ? [...keys.slice(0, MAX_KEYS), '…'] : keys;
  return `{ ${shown.join(', ')} }`;
}

/** Whether a property is one of an event table's (`eventSchemas`, or a domain's `terminalEvents`…). */
function inEventTable(node: ts.PropertyAssignment): boolean {
  let table: ts.Node = node.parent.parent;
  while (ts.isAsExpression(table) || ts.isSatisfiesExpression(table) || ts.isParenthesizedExpression(table)) table = table.parent;
  return ts.isVariableDeclaration(table) && ts.isIdentifier(table.name) && /(Events|eventSchemas)$/.test(table.name.text);
}

/** Each channel's `channel(input, output)` and each event's payload schema, from `src/shared/ipc/`. */
export function readSchemas(root: string, channelNames: ReadonlySet<string>, eventNames: ReadonlySet<string>) {
  const channels = new Map<string, Schemas>();
  const events = new Map<string, { file: string; payload: string }>();
  for (const path of sourcePaths(join(root, 'src/shared/ipc'))) {
    const source = parseSource(root, path);
    walk(source.file, (node) => {
      if (!ts.isPropertyAssignment(node) || !ts.isStringLiteral(node.name)) return;
      const name = node.name.text;
      const init = node.initializer;
      if (channelNames.has(name) && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'channel') {
        const [input, output] = init.arguments;
        if (input && output) channels.set(name, { file: source.shown, input: schemaText(input), output: schemaText(output) });
      } else if (eventNames.has(name) && inEventTable(node)) {
        events.set(name, { file: source.shown, payload: schemaText(init) });
      }
    });
  }
  return { channels, events };
}

function resolveModule(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p)) ?? base;
}

/** Names a file imports as values (not `import type`), with the module each comes from. */
function valueImports(file: ts.SourceFile): Map<string, string> {
  const out = new Map<string, string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    for (const el of bindings.elements) if (!el.isTypeOnly) out.set(el.name.text, statement.moduleSpecifier.text);
  }
  return out;
}

/** `export const name: Handler<'x', Context> = …` in a handler file. */
function handlerDeclaration(source: Source, name: string): ts.VariableDeclaration | undefined {
  let found: ts.VariableDeclaration | undefined;
  walk(source.file, (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) found = node;
  });
  return found;
}

/** Functions a file declares at its top level (`function f` or `const f = () => …`). */
function topLevelFunctions(file: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) out.add(statement.name.text);
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (ts.isIdentifier(decl.name) && decl.initializer && isFunctionLike(decl.initializer)) out.add(decl.name.text);
    }
  }
  return out;
}

/** The calls a handler makes on the core view it is handed, and the functions it calls by name. */
function handlerCalls(source: Source, fn: ts.ArrowFunction | ts.FunctionExpression): string[] {
  const view = fn.parameters[1]?.name;
  const roots: string[] = [];
  if (view && ts.isIdentifier(view)) roots.push(view.text);
  if (view && ts.isObjectBindingPattern(view)) for (const el of view.elements) if (ts.isIdentifier(el.name)) roots.push(el.name.text);
  const imported = valueImports(source.file);
  const declared = topLevelFunctions(source.file);
  const out: string[] = [];
  for (const callee of calleesIn(fn.body)) {
    const root = roots.find((r) => callee.startsWith(`${r}.`));
    if (root && view && ts.isIdentifier(view)) out.push(callee.slice(root.length + 1));
    else if (root) out.push(callee);
    else if (!callee.includes('.') && (imported.has(callee) || declared.has(callee))) out.push(`${callee}()`);
  }
  return out;
}

/** The one handler per channel, from `core/handlers/index.ts`'s map, and what each calls. */
export function readHandlers(root: string): Map<string, HandlerHop> {
  const indexPath = join(root, 'src/main/core/handlers/index.ts');
  const index = parseSource(root, indexPath);
  const imports = valueImports(index.file);
  const parsed = new Map<string, Source>();
  const out = new Map<string, HandlerHop>();
  walk(index.file, (node) => {
    if (!ts.isPropertyAssignment(node) || !ts.isStringLiteral(node.name) || !ts.isIdentifier(node.initializer)) return;
    const name = node.initializer.text;
    const spec = imports.get(name);
    if (!spec) return;
    const path = resolveModule(indexPath, spec);
    const source = parsed.get(path) ?? parseSource(root, path);
    parsed.set(path, source);
    const decl = handlerDeclaration(source, name);
    const typeArg = decl?.type && ts.isTypeReferenceNode(decl.type) ? decl.type.typeArguments?.[1] : undefined;
    let fn = decl?.initializer;
    if (fn && ts.isIdentifier(fn)) fn = localFunction(fn, fn.text) ?? fn;
    out.set(node.name.text, {
      file: source.shown,
      name,
      context: typeArg ? typeArg.getText() : null,
      calls: fn && isFunctionLike(fn) ? handlerCalls(source, fn) : [],
    });
  });
  return out;
}

/** The core's hooks (`CoreHookMap` in `core/services/hooks.ts`), in their order, with their arguments. */
export function readHooks(root: string): HookDefinition[] {
  const source = parseSource(root, join(root, 'src/main/core/services/hooks.ts'));
  const out: HookDefinition[] = [];
  walk(source.file, (node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'CoreHookMap') return;
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !member.type || !ts.isIdentifier(member.name)) continue;
      const args = ts.isTupleTypeNode(member.type)
        ? member.type.elements.map((el) => (ts.isNamedTupleMember(el) ? el.name.text : el.getText())).join(', ')
        : member.type.getText();
      out.push({ name: member.name.text, args, doc: docSummary(member) });
    }
  });
  return out;
}
