import type { SessionListRow } from '../../../shared/domain/session';
import type { PermissionRequest } from '../../../shared/ipc/acp';
import { agentKindName } from '../../../shared/label';
import { sessionLabel } from './sessionLabel';
import { rowLabelText } from './rowParts';

/*
 * Rows that would read alike (SPEC §7, issue 32): two terminals "Terminal · repo", two chats titled the
 * same, or two long labels whose shown starts are the same once cut at the row's end. Their subtitles
 * carry what differs (what each did last, the branch, the folder, the agent, the host, the time), never a second cut
 * inside the label. Computed over the rows drawn (the list is virtualised: a few dozen at a time).
 */

/** Labels that agree in this many characters read alike in a narrow sidebar (its cut falls about here). */
export const ALIKE_PREFIX = 24;

type Row = Pick<SessionListRow, 'id' | 'kind' | 'status' | 'folder' | 'branch' | 'agent' | 'agentName' | 'host' | 'subtitle' | 'activity' | 'firstUserLine' | 'updatedAt' | 'title' | 'titleSource' | 'titlePinned'>;

const normal = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** What an ACP tool call of each kind does, as a verb ("asks to write notes.txt"). */
const TOOL_VERBS: Readonly<Record<string, string>> = { read: 'read', edit: 'write', delete: 'delete', move: 'move', search: 'search', execute: 'run', fetch: 'fetch' };

/** The permission an agent waits on, in a few words: "asks to write notes.txt", else "asks: <the tool call's title>". */
export function askingText(request: Pick<PermissionRequest, 'title' | 'toolKind' | 'locations'>): string {
  const verb = request.toolKind !== null && Object.hasOwn(TOOL_VERBS, request.toolKind) ? TOOL_VERBS[request.toolKind] : undefined;
  const where = request.locations[0]?.replace(/[\\/]+$/, '').split(/[\\/]/).pop();
  if (verb && where) return `asks to ${verb} ${where}`;
  const title = request.title.trim().replace(/\s+/g, ' ');
  return title ? `asks: ${title}` : 'asks permission';
}

/**
 * What a row's subtitle says it does or did (SPEC §7): the permission it waits on, its narration, what the
 * host saw its agent do last, else a terminal's last command ("ran pytest -q | tail"); never a repeat of its label. Null when there is nothing to say.
 */
export function rowActivity(row: Pick<SessionListRow, 'kind' | 'status' | 'subtitle' | 'activity' | 'firstUserLine'>, label: string, asking?: PermissionRequest): string | null {
  if (asking) return askingText(asking);
  const narration = row.subtitle?.trim().replace(/\s+/g, ' ');
  if (narration && normal(narration) !== normal(label)) return narration;
  // What the host saw the agent do last ("edited src/x.ts", the start of its answer), where nobody narrates.
  const last = row.activity?.trim().replace(/\s+/g, ' ');
  if (last && normal(last) !== normal(label)) return last;
  if (row.kind === 'terminal' && row.firstUserLine?.trim()) {
    const line = row.firstUserLine.trim().replace(/\s+/g, ' ');
    // A terminal waiting is a program still running, at its own prompt (`input()`, `Proceed? [y/N]`).
    return `${row.status === 'working' || row.status === 'waiting' ? 'running' : 'ran'} ${line}`;
  }
  return null;
}

/** The folder's last `n` segments ("src/billing-api"). */
function folderTail(folder: string, n: number): string {
  const parts = folder.replace(/[\\/]+$/, '').split(/[\\/]/).filter(Boolean);
  return parts.slice(-n).join('/') || folder;
}

/** The shortest folder tails that tell the group's folders apart (or the last segment where none do). */
function folderTells(rows: readonly Row[]): string[] {
  for (let n = 1; n <= 4; n++) {
    const tails = rows.map((r) => folderTail(r.folder, n));
    if (new Set(tails).size === new Set(rows.map((r) => r.folder)).size) return tails.map((t) => `in ${t}`);
  }
  return rows.map((r) => `in ${folderTail(r.folder, 1)}`);
}

function clock(at: number, seconds: boolean): string {
  return new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: seconds ? '2-digit' : undefined });
}

/** Of the facts that may differ, the first that tells every row of the group apart (else the one that tells most). */
function factTells(rows: readonly Row[]): string[] | null {
  const minutes = new Set(rows.map((r) => Math.floor(r.updatedAt / 60_000))).size === rows.length;
  const folders = folderTells(rows);
  const candidates: string[][] = [
    // A worktree session's branch says more than its worktree's folder; a row without one keeps its folder.
    ...(rows.some((r) => r.branch) ? [rows.map((r, i) => (r.branch ? `branch ${r.branch}` : folders[i]!))] : []),
    folders,
    rows.map((r) => agentKindName(r.kind, r.agent, r.agentName)),
    rows.map((r) => (r.host ? `on ${r.host}` : 'on this machine')),
    rows.map((r) => `active ${clock(r.updatedAt, !minutes)}`),
  ];
  let best: string[] | null = null;
  let bestCount = 1;
  for (const tells of candidates) {
    const count = new Set(tells).size;
    if (count === rows.length) return tells;
    if (count > bestCount) [best, bestCount] = [tells, count];
  }
  return best;
}

/** The words after the labels' common start ("…in the lexer"), where their ends differ. */
function endTells(labels: readonly string[]): string[] {
  let common = 0;
  const first = labels[0] ?? '';
  while (common < first.length && labels.every((l) => l[common] === first[common])) common++;
  // Back to the start of the word the labels differ in.
  const start = first.lastIndexOf(' ', common) + 1;
  return labels.map((l) => `…${l.slice(start).trim()}`);
}

/**
 * For each drawn row that reads like another drawn row, what its subtitle adds to tell them apart
 * (by id); rows that read like no other are absent. `now` is the page clock (a facts label's time).
 */
export function alikeTells(rows: readonly Row[], now: number): Map<string, string> {
  const groups = new Map<string, { row: Row; label: string; activity: string | null }[]>();
  for (const row of rows) {
    const label = rowLabelText(sessionLabel(row, now));
    const key = normal(label).slice(0, ALIKE_PREFIX);
    const entry = { row, label, activity: rowActivity(row, label) };
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  const tells = new Map<string, string>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const labels = group.map((g) => normal(g.label));
    const ends = new Set(labels).size > 1 ? endTells(group.map((g) => g.label)) : null;
    // Rows whose whole label and activity are the same as another's need a fact as well.
    const sameAs = (i: number) => group.some((g, j) => j !== i && labels[j] === labels[i] && g.activity === group[i]!.activity);
    const twins = group.filter((_, i) => sameAs(i));
    const facts = twins.length > 1 ? factTells(twins.map((g) => g.row)) : null;
    let twin = 0;
    group.forEach((g, i) => {
      const parts = [ends?.[i] ?? null, sameAs(i) ? (facts?.[twin++] ?? null) : null].filter((p): p is string => p !== null);
      if (parts.length > 0) tells.set(g.row.id, parts.join(' · '));
    });
  }
  return tells;
}
