/** One item of an ACP plan as the core writes it in a note (`[x] done`, `[~] in progress`, `[ ] pending`). */
export interface PlanItem {
  state: 'done' | 'in-progress' | 'pending';
  text: string;
}

const MARKS: Record<string, PlanItem['state']> = { x: 'done', X: 'done', '~': 'in-progress', ' ': 'pending' };

/** The plan note's lines as items; a line without a mark is a pending item, blank lines are skipped. */
export function parsePlan(text: string): PlanItem[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const match = /^\s*\[(.)\]\s?(.*)$/.exec(line);
      const state = match ? MARKS[match[1] ?? ''] : undefined;
      return match && state ? { state, text: match[2] ?? '' } : { state: 'pending', text: line.trim() };
    });
}

/** A unified diff's lines, each with what it is, and how many lines it adds and removes. */
export interface DiffLine {
  kind: 'file' | 'hunk' | 'add' | 'del' | 'same';
  text: string;
}

export function diffLines(text: string): { lines: DiffLine[]; added: number; removed: number } {
  let added = 0;
  let removed = 0;
  const lines = text.split('\n').map((line): DiffLine => {
    if (line.startsWith('+++ ') || line.startsWith('--- ')) return { kind: 'file', text: line };
    if (line.startsWith('@@')) return { kind: 'hunk', text: line };
    if (line.startsWith('+')) {
      added += 1;
      return { kind: 'add', text: line };
    }
    if (line.startsWith('-')) {
      removed += 1;
      return { kind: 'del', text: line };
    }
    return { kind: 'same', text: line };
  });
  return { lines, added, removed };
}
