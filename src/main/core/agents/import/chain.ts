import { eachTopLevelMember } from './recordType';

/**
 * The conversation Claude Code resumes (issue 14 §6): records form a tree
 * through `uuid` → `parentUuid` (across a `compact_boundary` through
 * `logicalParentUuid`); a rewind starts a new branch off an earlier record and
 * leaves the old one in the file. The conversation is the chain from the last
 * leaf back to its root; an abandoned branch gets one "Rewound" note where
 * it left the chain (before its first record), and its records are imported
 * marked as rewound (`REWOUND_BRANCH_META`): shown apart, still found by search.
 *
 * A first pass over a file (or the part that grew) keeps per record only its
 * line number, its parent's index and a flag, with uuids held as 52-bit hashes:
 * a few dozen bytes a record, whatever the size of the records. The main
 * chain is decided at the end of the part; the import then reads the part
 * again and parses only the lines on it (fileImporter.ts).
 *
 * Incremental imports keep entries append-only: the facts remember the last
 * CHAIN_TAIL records of the chain. New records continuing its tip are
 * appended; a new branch off an earlier one of them gets a note counting the
 * messages it leaves behind, then the branch is appended; a branch off
 * anything older gets a note without a count.
 *
 * Roots: a record written with `parentUuid: null` right after another such
 * record continues it, in file order. Older tools and other projects' files
 * write every record so; read as written, each would be a tree of its own and
 * all but the last a rewind. Only a real fork (two records with the same
 * parent), or a new root after a linked record (Claude Code's rewind to the
 * very first message), leaves a branch behind.
 */
export const CHAIN_TAIL = 32;

/** One record's place in the tree: hashes of its own and its parent's uuid. */
export interface ChainLink {
  readonly id: number;
  /** null: a root (no parent, no logical parent). */
  readonly parent: number | null;
  /** The record has a `parentUuid` member at all (records without one follow the record before them). */
  readonly linked: boolean;
  /** A user or assistant record (what the rewound note counts). */
  readonly message: boolean;
  /** Written as a root: `parentUuid: null` and no logical parent. */
  readonly root?: boolean;
  readonly sidechain: boolean;
  /** Progress records hang off the chain; they are never its leaf. */
  readonly progress: boolean;
}

const KEY_UUID = Buffer.from('uuid');
const KEY_PARENT = Buffer.from('parentUuid');
const KEY_LOGICAL = Buffer.from('logicalParentUuid');
const KEY_SIDECHAIN = Buffer.from('isSidechain');
const KEY_TYPE = Buffer.from('type');
const QUOTE = 0x22;
const UUID_NEEDLE = Buffer.from('"uuid"');

/** A 52-bit hash of bytes (two FNV-1a variants): exact in a double, collisions negligible per file. */
export function hashBytes(buf: Buffer, start: number, end: number): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = start; i < end; i += 1) {
    const c = buf[i] as number;
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x100000 + ((b >>> 0) & 0xfffff);
}

export function hashString(text: string): number {
  const buf = Buffer.from(text);
  return hashBytes(buf, 0, buf.length);
}

function keyIs(buf: Buffer, start: number, end: number, key: Buffer): boolean {
  return end - start === key.length && buf.compare(key, 0, key.length, start, end) === 0;
}

/** The string value's hash, or null when the value is not a non-empty string. */
function stringHash(buf: Buffer, start: number, end: number): number | null {
  if (buf[start] !== QUOTE || end - start < 3) return null;
  return hashBytes(buf, start + 1, end - 1);
}

/** The record's chain link, read without parsing it; null when it has no uuid (not in the tree). */
export function chainLink(buf: Buffer): ChainLink | null {
  // Most large records without a uuid (api requests, cost state, snapshots) are passed over unwalked.
  if (buf.indexOf(UUID_NEEDLE) === -1) return null;
  let id: number | null = null;
  let parent: number | null = null;
  let logical: number | null = null;
  let sidechain = false;
  let linked = false;
  let type = '';
  const ok = eachTopLevelMember(buf, (ks, ke, vs, ve) => {
    if (keyIs(buf, ks, ke, KEY_UUID)) id = stringHash(buf, vs, ve);
    else if (keyIs(buf, ks, ke, KEY_PARENT)) {
      parent = stringHash(buf, vs, ve);
      linked = true;
    }
    else if (keyIs(buf, ks, ke, KEY_LOGICAL)) logical = stringHash(buf, vs, ve);
    else if (keyIs(buf, ks, ke, KEY_SIDECHAIN)) sidechain = buf[vs] === 0x74; // true
    else if (keyIs(buf, ks, ke, KEY_TYPE) && buf[vs] === QUOTE && ve - vs < 40) type = buf.toString('latin1', vs + 1, ve - 1);
  });
  if (!ok || id === null) return null;
  return {
    id,
    parent: parent ?? logical,
    linked: linked || logical !== null,
    message: type === 'user' || type === 'assistant',
    root: linked && parent === null && logical === null,
    sidechain,
    progress: type === 'progress',
  };
}

/**
 * A record of the facts' chain tail: its uuid's hash and its bits (TAIL_MESSAGE: a user or
 * assistant record; TAIL_ROOT: written as a root). Facts stored before TAIL_ROOT hold 0 or 1.
 */
export type TailRecord = [number, number];
export const TAIL_MESSAGE = 1;
export const TAIL_ROOT = 2;

/** Parent codes below 0: a root, or a record outside this part (an index into the tail). */
const ROOT = -1;
const UNKNOWN = -2;
const tailRef = (p: number): number => -3 - p;
const tailPos = (code: number): number => -3 - code;

/** What the second pass needs: which lines to leave out, and the notes to put before lines. */
export interface ChainPlan {
  /** Line numbers (within the part) left out: records written twice, progress records off the conversation. */
  readonly skip: ReadonlySet<number>;
  /** Line numbers (within the part) of an abandoned branch: imported, marked as rewound. */
  readonly rewound: ReadonlySet<number>;
  /** Line number → the rewound note that goes before its entries. */
  readonly notes: ReadonlyMap<number, RewoundNote>;
  /** The facts' tail once the lines up to `line` (within the part) are imported. */
  tailAt(line: number): TailRecord[];
  /** Records left out (counted in the import's report). */
  readonly rewoundRecords: number;
}

export interface RewoundNote {
  /** Messages not kept; null when they are further back than the tail reaches. */
  readonly messages: number | null;
}

/** Growable typed columns: memory per record is a few bytes, not an object. */
class Column {
  data: Int32Array;
  length = 0;
  constructor() {
    this.data = new Int32Array(1024);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  at(i: number): number {
    return this.data[i] as number;
  }
}

const FLAG_MESSAGE = 1;
const FLAG_SIDECHAIN = 2;
const FLAG_PROGRESS = 4;
const FLAG_ROOT = 8;

/** Collects the tree of one part of a file, line by line, then decides its main chain. */
export class ChainPlanner {
  private readonly index = new Map<number, number>();
  private readonly lines = new Column();
  private readonly parents = new Column();
  private readonly flags = new Column();
  private readonly ids: number[] = [];
  private readonly skip = new Set<number>();
  private readonly tailIndex: Map<number, number>;

  constructor(private readonly tail: ReadonlyArray<readonly [number, number]> = []) {
    this.tailIndex = new Map(tail.map(([id], i) => [id, i]));
  }

  /** Record line `line`'s link (null: not in the tree, always kept). */
  add(line: number, link: ChainLink | null): void {
    if (!link) return;
    if (this.tailIndex.has(link.id) && !this.index.has(link.id)) {
      // A record imported in an earlier read, written again: the first one counts.
      this.skip.add(line);
      return;
    }
    const n = this.lines.length;
    const again = this.index.get(link.id);
    if (link.root && again !== undefined && (this.flags.at(again) & FLAG_ROOT) !== 0) {
      // A root written twice: the first one counts (it would otherwise continue itself).
      this.skip.add(line);
      return;
    }
    let parent: number;
    if (!link.linked) parent = n > 0 ? n - 1 : this.tail.length > 0 ? tailRef(this.tail.length - 1) : ROOT;
    else if (link.parent === null) parent = this.continuesRoots() ? (n > 0 ? n - 1 : tailRef(this.tail.length - 1)) : ROOT;
    else {
      const inPart = this.index.get(link.parent);
      const inTail = this.tailIndex.get(link.parent);
      if (inPart !== undefined) parent = inPart;
      else if (inTail !== undefined) parent = tailRef(inTail);
      // A parent nowhere in the file (a record the tool never wrote): the record before it.
      else if (this.tail.length === 0) parent = n > 0 ? n - 1 : ROOT;
      else parent = n > 0 ? n - 1 : UNKNOWN;
    }
    // The same record written twice (same uuid, same parent): the first one counts. The same uuid
    // with another parent is another record (ids that collide): a child means the latest one.
    const same = this.index.get(link.id);
    if (same !== undefined && this.parents.at(same) === parent) {
      this.skip.add(line);
      return;
    }
    this.index.set(link.id, n);
    this.ids.push(link.id);
    this.lines.push(line);
    this.parents.push(parent);
    this.flags.push((link.message ? FLAG_MESSAGE : 0) | (link.sidechain ? FLAG_SIDECHAIN : 0) | (link.progress ? FLAG_PROGRESS : 0) | (link.root ? FLAG_ROOT : 0));
  }

  /** Whether the record before (in this part, else the tail's last) was written as a root: then a new root continues it. */
  private continuesRoots(): boolean {
    const n = this.lines.length;
    if (n > 0) return (this.flags.at(n - 1) & FLAG_ROOT) !== 0;
    const last = this.tail.at(-1);
    return last !== undefined && (last[1] & TAIL_ROOT) !== 0;
  }

  finish(): ChainPlan {
    const count = this.lines.length;
    const onChain = new Uint8Array(count);
    let leaf = -1;
    for (let n = count - 1; n >= 0; n -= 1) {
      if ((this.flags.at(n) & (FLAG_SIDECHAIN | FLAG_PROGRESS)) === 0) {
        leaf = n;
        break;
      }
    }
    if (leaf === -1) {
      const oldTail = this.tail.map(([id, m]): TailRecord => [id, m]);
      return { skip: this.skip, rewound: new Set(), notes: new Map(), tailAt: () => oldTail, rewoundRecords: 0 };
    }
    // Walk from the leaf to the root of this part.
    const chain: number[] = [];
    let at = leaf;
    for (;;) {
      onChain[at] = 1;
      chain.push(at);
      const p = this.parents.at(at);
      if (p < 0) break;
      at = p;
    }
    chain.reverse();
    const first = chain[0] as number;
    const rootParent = this.parents.at(first);

    // Every record off the chain belongs to the branch point it left from: a record on the
    // chain, or (a negative code) somewhere before this part.
    const forkOf = new Int32Array(count);
    const left = new Map<number, number>();
    /** Per branch point, the first line of what left from it: the note goes before it. */
    const firstLeft = new Map<number, number>();
    const rewound = new Set<number>();
    let rewoundRecords = 0;
    for (let n = 0; n < count; n += 1) {
      const f = this.flags.at(n);
      if (onChain[n]) {
        forkOf[n] = n;
        continue;
      }
      const p = this.parents.at(n);
      forkOf[n] = p >= 0 ? (forkOf[p] as number) : p;
      if (f & FLAG_SIDECHAIN) continue; // the parser counts those
      if (f & FLAG_PROGRESS) {
        this.skip.add(this.lines.at(n));
        continue;
      }
      rewoundRecords += 1;
      rewound.add(this.lines.at(n));
      const key = forkOf[n] as number;
      if (!firstLeft.has(key)) firstLeft.set(key, this.lines.at(n));
      if (f & FLAG_MESSAGE) left.set(key, (left.get(key) ?? 0) + 1);
    }
    /** The note's line: before the branch's first record when that comes first in the file, else before the chain's next. */
    const noteLine = (chainLine: number, ...keys: number[]): number => Math.min(chainLine, ...keys.map((k) => firstLeft.get(k) ?? chainLine));

    const notes = new Map<number, RewoundNote>();
    // Branches left inside this part: a note before the chain's next record after the branch point.
    for (let k = 1; k < chain.length; k += 1) {
      const messages = left.get(chain[k - 1] as number);
      if (messages) notes.set(noteLine(this.lines.at(chain[k] as number), chain[k - 1] as number), { messages });
    }
    // Branches that left before this part, and the part of the tail the chain does not continue.
    let before = 0;
    const beforeKeys: number[] = [];
    for (const [key, messages] of left) {
      if (key >= 0) continue;
      before += messages;
      beforeKeys.push(key);
    }
    let unknown = false;
    let keptTail = this.tail.length;
    if (this.tail.length > 0) {
      if (rootParent === ROOT || rootParent === UNKNOWN) {
        unknown = true;
        keptTail = 0;
      } else if (rootParent <= tailRef(0)) {
        keptTail = tailPos(rootParent) + 1;
        for (let p = keptTail; p < this.tail.length; p += 1) before += (this.tail[p] as readonly [number, number])[1] & TAIL_MESSAGE;
      }
    }
    if (unknown) notes.set(noteLine(this.lines.at(first), ...beforeKeys), { messages: null });
    else if (before > 0) notes.set(noteLine(this.lines.at(first), ...beforeKeys), { messages: before });

    const kept: TailRecord[] = this.tail.slice(0, keptTail).map(([id, m]) => [id, m]);
    // Progress records after the leaf (a tool still running when the file was read) are where
    // the next part may continue from: they end the tail, as records without a message.
    const ends = [...chain];
    const after = new Set([leaf]);
    for (let n = leaf + 1; n < count; n += 1) {
      if (after.has(this.parents.at(n)) && (this.flags.at(n) & FLAG_SIDECHAIN) === 0) {
        after.add(n);
        ends.push(n);
      }
    }
    const link = (n: number): TailRecord => {
      const f = this.flags.at(n);
      return [this.ids[n] as number, (f & FLAG_MESSAGE ? TAIL_MESSAGE : 0) | (f & FLAG_ROOT ? TAIL_ROOT : 0)];
    };
    const oldTail = this.tail.map(([id, m]): TailRecord => [id, m]);
    const tailAt = (line: number): TailRecord[] => {
      // Records of the chain are in file order: the ones imported are a prefix.
      let lo = 0;
      let hi = ends.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.lines.at(ends[mid] as number) <= line) lo = mid + 1;
        else hi = mid;
      }
      if (lo === 0) return oldTail;
      const done = ends.slice(Math.max(0, lo - CHAIN_TAIL), lo).map(link);
      return [...kept, ...done].slice(-CHAIN_TAIL);
    };
    return { skip: this.skip, rewound, notes, tailAt, rewoundRecords };
  }
}

/** The meta an abandoned branch's entries carry (with their own): shown apart, found by search as rewound. */
export const REWOUND_BRANCH_META = 'rewoundBranch';

/** The note's text: what the pane shows collapsed. */
export function rewoundText(note: RewoundNote): string {
  if (note.messages === null) return 'Rewound to an earlier message: the messages after it, above, were not kept.';
  return `Rewound: ${note.messages} message${note.messages === 1 ? '' : 's'} not kept`;
}
