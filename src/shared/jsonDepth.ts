/**
 * How deeply a JSON text or value nests, measured without recursion: every
 * transport asks this before anything that walks a value recursively
 * (JSON.stringify, structuredClone, a schema, a renderer) sees it. A frame
 * nested 5,000 arrays deep is only 10 KB, and each of those walks throws
 * "Maximum call stack size exceeded" on it.
 *
 * Depth: a scalar is 0, `[]` and `{}` are 1, `[[1]]` is 2.
 */

/** A request from a page, a window or a front: the contract's inputs nest a few levels; this leaves room. */
export const MAX_REQUEST_DEPTH = 64;
/** What a peer sends that carries agents' content (the host's replies and pushes, an agent's lines): a tool's input nests as the model wrote it. */
export const MAX_PEER_DEPTH = 512;

export const TOO_DEEP_MESSAGE = `The message is nested too deeply (more than ${MAX_REQUEST_DEPTH} levels).`;

const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether a JSON text nests deeper than `limit`, by one pass over its
 * characters counting `[` and `{` outside strings. Text that is not JSON gets
 * an answer too (its brackets counted the same way); the parse decides the rest.
 */
export function jsonTextDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++;
      if (depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    }
  }
  return false;
}

/**
 * Whether a value (parsed JSON, or a structured clone from a window) nests
 * deeper than `limit`, by a walk with its own stack. A value met again (a
 * shared or cyclic reference) is walked again only when reached deeper than
 * before, so the walk ends: a cycle is deeper than any limit.
 */
export function valueDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  const deepestSeen = new Map<object, number>();
  const stack: Array<{ node: object; depth: number }> = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: object; depth: number };
    if (depth > limit) return true;
    const seen = deepestSeen.get(node);
    if (seen !== undefined && seen >= depth) continue;
    deepestSeen.set(node, depth);
    const children: unknown[] = Array.isArray(node) ? node : node instanceof Map ? [...node.keys(), ...node.values()] : node instanceof Set ? [...node] : Object.values(node);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ node: child, depth: depth + 1 });
    }
  }
  return false;
}
