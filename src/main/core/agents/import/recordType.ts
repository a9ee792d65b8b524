/**
 * The value of a JSON object's top-level "type" key, found without parsing the
 * object: strings are jumped over with indexOf, only structure is walked. This
 * lets the importer skip a 150 KB `attachment` record (whose "type" may come
 * after its payload) without building it. null when there is no string "type"
 * at the top level or the bytes are not an object.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const TYPE_KEY = Buffer.from('type');

/** Index of the quote closing a string that opened just before `from`; -1 when it never closes. */
function stringEnd(buf: Buffer, from: number): number {
  let i = from;
  for (;;) {
    const q = buf.indexOf(QUOTE, i);
    if (q === -1) return -1;
    let slashes = 0;
    for (let j = q - 1; j >= from && buf[j] === BACKSLASH; j -= 1) slashes += 1;
    if (slashes % 2 === 0) return q;
    i = q + 1;
  }
}

function skipSpace(buf: Buffer, i: number): number {
  let j = i;
  while (j < buf.length) {
    const c = buf[j];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    j += 1;
  }
  return j;
}

export function topLevelType(buf: Buffer): string | null {
  let i = skipSpace(buf, 0);
  if (buf[i] !== LBRACE) return null;
  let depth = 0;
  let expectKey = false;
  while (i < buf.length) {
    const c = buf[i];
    if (c === QUOTE) {
      const close = stringEnd(buf, i + 1);
      if (close === -1) return null;
      if (depth === 1 && expectKey) {
        expectKey = false;
        if (close - i - 1 === 4 && buf.compare(TYPE_KEY, 0, 4, i + 1, close) === 0) {
          let j = skipSpace(buf, close + 1);
          if (buf[j] !== COLON) return null;
          j = skipSpace(buf, j + 1);
          if (buf[j] !== QUOTE) return null;
          const valueEnd = stringEnd(buf, j + 1);
          if (valueEnd === -1) return null;
          return buf.toString('utf8', j + 1, valueEnd);
        }
      }
      i = close + 1;
      continue;
    }
    if (c === LBRACE || c === LBRACKET) {
      depth += 1;
      if (depth === 1) expectKey = true;
    } else if (c === RBRACE || c === RBRACKET) {
      depth -= 1;
      if (depth === 0) return null;
    } else if (c === COMMA && depth === 1) {
      expectKey = true;
    }
    i += 1;
  }
  return null;
}

/** Index just past the value starting at `i` (a string, object, array or scalar); -1 when it never ends. */
function valueEnd(buf: Buffer, i: number): number {
  const c = buf[i];
  if (c === QUOTE) {
    const close = stringEnd(buf, i + 1);
    return close === -1 ? -1 : close + 1;
  }
  if (c === LBRACE || c === LBRACKET) {
    let depth = 0;
    let j = i;
    while (j < buf.length) {
      const d = buf[j];
      if (d === QUOTE) {
        const close = stringEnd(buf, j + 1);
        if (close === -1) return -1;
        j = close + 1;
        continue;
      }
      if (d === LBRACE || d === LBRACKET) depth += 1;
      else if (d === RBRACE || d === RBRACKET) {
        depth -= 1;
        if (depth === 0) return j + 1;
      }
      j += 1;
    }
    return -1;
  }
  let j = i;
  while (j < buf.length && buf[j] !== COMMA && buf[j] !== RBRACE) j += 1;
  return j;
}

/**
 * The top-level members of a JSON object whose keys are in `keys`, each
 * parsed on its own: a record's large members nobody reads (Claude Code's
 * `toolUseResult` repeats a tool's whole output) are stepped over, not built.
 * null when the bytes are not a well-formed object at the top level or a
 * picked member does not parse.
 */
export function pickMembers(buf: Buffer, keys: ReadonlySet<string>): Record<string, unknown> | null {
  let i = skipSpace(buf, 0);
  if (buf[i] !== LBRACE) return null;
  i = skipSpace(buf, i + 1);
  const out: Record<string, unknown> = {};
  if (buf[i] === RBRACE) return out;
  for (;;) {
    if (buf[i] !== QUOTE) return null;
    const keyEnd = stringEnd(buf, i + 1);
    if (keyEnd === -1) return null;
    const rawKey = buf.toString('utf8', i + 1, keyEnd);
    let j = skipSpace(buf, keyEnd + 1);
    if (buf[j] !== COLON) return null;
    j = skipSpace(buf, j + 1);
    const end = valueEnd(buf, j);
    if (end === -1) return null;
    const key = rawKey.includes('\\') ? (JSON.parse(`"${rawKey}"`) as string) : rawKey;
    if (keys.has(key)) {
      try {
        out[key] = JSON.parse(buf.toString('utf8', j, end)) as unknown;
      } catch {
        return null;
      }
    }
    i = skipSpace(buf, end);
    if (buf[i] === COMMA) {
      i = skipSpace(buf, i + 1);
      continue;
    }
    if (buf[i] === RBRACE) return out;
    return null;
  }
}

/**
 * Calls `visit` with the byte ranges of each top-level member of a JSON
 * object (the key without its quotes, the value as written), stepping over
 * values without building them. False when the bytes are not a well-formed
 * object at the top level.
 */
export function eachTopLevelMember(buf: Buffer, visit: (keyStart: number, keyEnd: number, valueStart: number, valueEnd: number) => void): boolean {
  let i = skipSpace(buf, 0);
  if (buf[i] !== LBRACE) return false;
  i = skipSpace(buf, i + 1);
  if (buf[i] === RBRACE) return true;
  for (;;) {
    if (buf[i] !== QUOTE) return false;
    const keyEnd = stringEnd(buf, i + 1);
    if (keyEnd === -1) return false;
    let j = skipSpace(buf, keyEnd + 1);
    if (buf[j] !== COLON) return false;
    j = skipSpace(buf, j + 1);
    const end = valueEnd(buf, j);
    if (end === -1) return false;
    visit(i + 1, keyEnd, j, end);
    i = skipSpace(buf, end);
    if (buf[i] === COMMA) {
      i = skipSpace(buf, i + 1);
      continue;
    }
    return buf[i] === RBRACE;
  }
}
