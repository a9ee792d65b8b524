import { join } from 'node:path';
import ts from 'typescript';
import {
  calleesIn,
  docSummary,
  enclosingClass,
  enclosingName,
  isFunctionLike,
  localFunction,
  methodOf,
  parseSource,
  sourcePaths,
  valueString,
  walk,
  type Source,
} from './source';

/*
 * One pass over main, preload and the renderer: every place a channel, event or hook is named, sorted by
 * what the code does there (calls a channel, raises or listens to an event or hook, or names it otherwise).
 */

/** A call made by a listener, with the first sentence of its doc when it is a method of the same class. */
export interface ListenerCall {
  readonly name: string;
  readonly doc: string | null;
}

export interface Listener {
  /** `core/git/worktrees.ts#WorktreeService.start` */
  readonly where: string;
  readonly calls: readonly ListenerCall[];
}

export interface StreamSubscriber {
  readonly where: string;
  /** The events it singles out by name inside its listener (none: it passes every event on). */
  readonly picks: readonly string[];
}

export interface Occurrences {
  /** Channel → the renderer functions that invoke it. */
  readonly callers: Map<string, string[]>;
  /** Channel or event → where main or the renderer names it outside a call, emit or listener (a hop found only by string). */
  readonly named: Map<string, string[]>;
  /** Event → where it is emitted. */
  readonly emitters: Map<string, string[]>;
  /** Event → the renderer's listeners. */
  readonly rendererListeners: Map<string, Listener[]>;
  /** Hook → where it is raised. */
  readonly raisers: Map<string, string[]>;
  /** Hook → its subscribers. */
  readonly hookListeners: Map<string, Listener[]>;
  /** Everything in main that takes the whole event stream. */
  readonly streams: StreamSubscriber[];
}

export interface Names {
  readonly channels: ReadonlySet<string>;
  readonly events: ReadonlySet<string>;
  readonly hooks: ReadonlySet<string>;
}

/** Files that define the names (read by `definitions.ts` and the route tables), not hops. */
const DEFINITIONS = ['core/handlers/index.ts', 'host/federation/routes.ts', 'core/services/hooks.ts'];

function add<T>(map: Map<string, T[]>, key: string, value: T, same: (a: T) => boolean = (a) => a === value): void {
  const list = map.get(key) ?? [];
  if (!list.some(same)) list.push(value);
  map.set(key, list);
}

/** The method a call's `.x(` names, and its receiver's text, when `node` is the call's first argument. */
function callOn(node: ts.Node): { method: string; receiver: string; call: ts.CallExpression } | null {
  const call = node.parent;
  if (!ts.isCallExpression(call) || call.arguments[0] !== node || !ts.isPropertyAccessExpression(call.expression)) return null;
  return { method: call.expression.name.text, receiver: call.expression.expression.getText(), call };
}

/** A listener argument as the function that runs: itself, `guarded('x', fn)`'s fn, or a local `const fn = …`. */
function listenerCalls(arg: ts.Expression | undefined, at: ts.Node): ListenerCall[] {
  if (!arg) return [];
  let fn: ts.Node | undefined;
  const named: string[] = [];
  if (isFunctionLike(arg)) fn = arg;
  else if (ts.isCallExpression(arg)) fn = arg.arguments.at(-1);
  else if (ts.isIdentifier(arg)) {
    named.push(arg.text);
    fn = localFunction(at, arg.text);
  } else if (ts.isPropertyAccessExpression(arg)) named.push(arg.getText().replace(/^this\./, ''));
  const names = [...named, ...(fn && isFunctionLike(fn) ? calleesIn(fn.body) : [])].filter((n, i, all) => all.indexOf(n) === i);
  const cls = enclosingClass(at);
  return names.map((name) => {
    const method = cls && !name.includes('.') ? methodOf(cls, name) : undefined;
    return { name, doc: method ? docSummary(method) : null };
  });
}

/** `createLogger('git:changes')`: a log's name that reads like a channel, not a hop. */
function isLoggerName(node: ts.Node): boolean {
  const call = node.parent;
  return ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'createLogger';
}

function streamPicks(fn: ts.ArrowFunction | ts.FunctionExpression, events: ReadonlySet<string>): string[] {
  const picks: string[] = [];
  walk(fn.body, (n) => {
    const text = valueString(n);
    if (text && events.has(text) && !picks.includes(text)) picks.push(text);
  });
  return picks;
}

function scanFile(source: Source, renderer: boolean, names: Names, out: Occurrences): void {
  walk(source.file, (node) => {
    if (!renderer && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'subscribe') {
      const fn = node.arguments[0];
      if (node.arguments.length === 1 && fn && isFunctionLike(fn) && fn.parameters.length === 2) {
        out.streams.push({ where: `${source.shown}#${enclosingName(node)}`, picks: streamPicks(fn, names.events) });
      }
    }
    const text = valueString(node);
    if (text === null || isLoggerName(node)) return;
    const isChannel = names.channels.has(text);
    const isEvent = names.events.has(text);
    const isHook = names.hooks.has(text);
    if (!isChannel && !isEvent && !isHook) return;
    const where = `${source.shown}#${enclosingName(node)}`;
    const on = callOn(node);
    const toHooks = on !== null && /hooks$/i.test(on.receiver);
    if (isHook && toHooks && on.method === 'emit') return add(out.raisers, text, where);
    if (isHook && toHooks && on.method === 'on') {
      const listener: Listener = { where, calls: listenerCalls(on.call.arguments[1], on.call) };
      return add(out.hookListeners, text, listener, (l) => l.where === where && JSON.stringify(l) === JSON.stringify(listener));
    }
    if (isChannel && renderer && on?.method === 'invoke') return add(out.callers, text, where);
    if (isEvent && !renderer && on?.method === 'emit') return add(out.emitters, text, where);
    if (isEvent && renderer && on?.method === 'on') {
      const listener: Listener = { where, calls: listenerCalls(on.call.arguments[1], on.call) };
      return add(out.rendererListeners, text, listener, (l) => JSON.stringify(l) === JSON.stringify(listener));
    }
    if (isChannel || isEvent) add(out.named, text, where);
  });
}

export function scanOccurrences(root: string, names: Names): Occurrences {
  const out: Occurrences = {
    callers: new Map(),
    named: new Map(),
    emitters: new Map(),
    rendererListeners: new Map(),
    raisers: new Map(),
    hookListeners: new Map(),
    streams: [],
  };
  for (const dir of ['src/main', 'src/preload', 'src/renderer/src']) {
    for (const path of sourcePaths(join(root, dir))) {
      const source = parseSource(root, path);
      if (!DEFINITIONS.includes(source.shown)) scanFile(source, dir === 'src/renderer/src', names, out);
    }
  }
  return out;
}
