import { randomBytes } from 'node:crypto';
import { mkdir, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/*
 * The client side of `fs/read_text_file` and `fs/write_text_file` (issue 16): only inside
 * the session's folder (its worktree for a worktree session), judged on real paths, so
 * `..`, an absolute path elsewhere and a symlink pointing out are all refused. Reads honour
 * `line`/`limit` and stop at 10 MB; writes create missing parent folders (inside) and land
 * atomically (a temp file renamed over the target): a new file with the user's umask, an
 * overwritten one with the mode it had.
 */

export const MAX_READ_BYTES = 10 * 1024 * 1024;

/** A refused or failed fs call: `why` is a plain sentence for the note and the agent's error. */
export class FsRefused extends Error {
  constructor(
    readonly op: 'read' | 'write',
    readonly path: string,
    readonly why: string,
    /** A refusal of the folder rule (vs. a file that is simply missing or too big). */
    readonly confinement: boolean,
  ) {
    super(`Refused the agent's ${op} of ${path}: ${why}`);
    this.name = 'FsRefused';
  }
}

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

async function realRoots(folder: string): Promise<string[]> {
  const real = await realpath(folder);
  return real === folder ? [folder] : [folder, real];
}

/** The real path of the deepest part of `p` that exists (what a symlink on the way really points to), and what is left below it. */
async function deepestExisting(p: string): Promise<{ real: string; rest: string[] }> {
  const rest: string[] = [];
  let cur = p;
  for (;;) {
    try {
      return { real: await realpath(cur), rest };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
      const parent = dirname(cur);
      if (parent === cur) throw err;
      rest.unshift(cur.slice(parent.length).replace(/^[/\\]/, ''));
      cur = parent;
    }
  }
}

/** Where `requested` really is, when that is inside `folder`; else FsRefused. */
export async function confine(folder: string, requested: string, op: 'read' | 'write'): Promise<string> {
  const lexical = resolve(folder, requested);
  const roots = await realRoots(folder);
  const realRoot = roots.at(-1) as string;
  if (!roots.some((r) => inside(r, lexical))) throw new FsRefused(op, requested, "it is outside the session's folder", true);
  const { real, rest } = await deepestExisting(lexical);
  if (!inside(realRoot, real)) throw new FsRefused(op, requested, "it leads outside the session's folder (through a symbolic link)", true);
  return rest.length > 0 ? join(real, ...rest) : real;
}

export async function readConfined(folder: string, path: string, line?: number | null, limit?: number | null): Promise<string> {
  const target = await confine(folder, path, 'read');
  let size: number;
  try {
    const st = await stat(target);
    if (!st.isFile()) throw new FsRefused('read', path, 'it is not a file', false);
    size = st.size;
  } catch (err) {
    if (err instanceof FsRefused) throw err;
    throw new FsRefused('read', path, 'there is no such file', false);
  }
  if (size > MAX_READ_BYTES) throw new FsRefused('read', path, `it is larger than ${MAX_READ_BYTES / 1024 / 1024} MB`, false);
  const fh = await open(target, 'r');
  let text: string;
  try {
    text = (await fh.readFile()).toString('utf8');
  } finally {
    await fh.close();
  }
  if ((line === null || line === undefined) && (limit === null || limit === undefined)) return text;
  const all = text.split('\n');
  const from = Math.max(0, (line ?? 1) - 1);
  const to = limit === null || limit === undefined ? all.length : from + Math.max(0, limit);
  return all.slice(from, to).join('\n');
}

/**
 * What a new file's mode is: the user's umask applied to 0666, as any program creating a file
 * gets (the host no longer narrows its umask: agents, terminals and git create files the user's way).
 */
const NEW_FILE_MODE = 0o666;

export async function writeConfined(folder: string, path: string, content: string): Promise<void> {
  const target = await confine(folder, path, 'write');
  let keptMode: number | null = null;
  try {
    const st = await stat(target);
    if (st.isDirectory()) throw new FsRefused('write', path, 'it is a folder', false);
    keptMode = st.mode & 0o7777; // an overwrite keeps the file's mode (a 0755 script stays runnable)
  } catch (err) {
    if (err instanceof FsRefused) throw err;
    // missing: a new file
  }
  await mkdir(dirname(target), { recursive: true });
  // The parents made just now are inside (the deepest existing one was), so the target still is.
  const temp = join(dirname(target), `.${randomBytes(6).toString('hex')}.swarmdesk-tmp`);
  // Over an existing file the copy is born private and given the old mode once whole, so a 0600
  // file's new text is never readable by others meanwhile; the rename puts it in place at once.
  const fh = await open(temp, 'wx', keptMode === null ? NEW_FILE_MODE : 0o600);
  try {
    await fh.writeFile(content, 'utf8');
    if (keptMode !== null) await fh.chmod(keptMode);
    await fh.sync();
  } catch (err) {
    await fh.close();
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  await fh.close();
  try {
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}
