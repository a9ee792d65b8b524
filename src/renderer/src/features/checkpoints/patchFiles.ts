import type { ChangedFile, FileDiff } from '../../../../shared/ipc/git';

/** A path from a `--- a/x` or `+++ b/x` line (git quotes odd names; those are unquoted), null for /dev/null. */
function sidePath(line: string | undefined, prefix: string): string | null {
  if (!line) return null;
  let rest = line.slice(4).replace(/\t$/, '');
  if (rest === '/dev/null') return null;
  if (rest.startsWith('"') && rest.endsWith('"')) {
    try {
      rest = JSON.parse(rest) as string;
    } catch {
      rest = rest.slice(1, -1);
    }
  }
  return rest.startsWith(prefix) ? rest.slice(prefix.length) : rest;
}

/** The `diff --git a/x b/y` header's new path, for a file with no `---`/`+++` lines (binary, mode or rename only). */
function headerPath(header: string): string {
  const m = /^diff --git a\/(.+) b\/(.+)$/.exec(header);
  return m?.[2] ?? header.slice('diff --git '.length);
}

/**
 * A turn's whole patch (`git diff` of two checkpoints) as one FileDiff per file, so the Changes diff view
 * draws each: the file's status, renames and binaries from the headers; no full texts (hunks alone).
 */
export function patchFiles(patch: string, truncated: boolean): FileDiff[] {
  const chunks = patch.split(/^(?=diff --git )/m).filter((c) => c.startsWith('diff --git '));
  return chunks.map((chunk, i) => {
    const lines = chunk.split('\n');
    const header = lines[0] ?? '';
    const minus = lines.find((l) => l.startsWith('--- '));
    const plus = lines.find((l) => l.startsWith('+++ '));
    const renameFrom = lines.find((l) => l.startsWith('rename from '))?.slice('rename from '.length) ?? null;
    const oldPath = sidePath(minus, 'a/');
    const newPath = sidePath(plus, 'b/');
    const binary = lines.some((l) => l.startsWith('Binary files ') || l === 'GIT binary patch');
    const isNew = lines.some((l) => l.startsWith('new file mode'));
    const isGone = lines.some((l) => l.startsWith('deleted file mode'));
    const path = newPath ?? oldPath ?? headerPath(header);
    let added = 0;
    let removed = 0;
    for (const l of lines) {
      if (l.startsWith('+') && !l.startsWith('+++ ')) added += 1;
      else if (l.startsWith('-') && !l.startsWith('--- ')) removed += 1;
    }
    const file: ChangedFile = {
      path,
      oldPath: renameFrom,
      status: renameFrom ? 'renamed' : isNew ? 'added' : isGone ? 'deleted' : 'modified',
      untracked: false,
      binary,
      added: binary ? null : added,
      removed: binary ? null : removed,
    };
    return { file, diff: chunk, truncated: truncated && i === chunks.length - 1, oldContent: null, newContent: null };
  });
}
