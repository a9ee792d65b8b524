import { useEffect, useId, useRef, useState } from 'react';
import type { RemovedWorktreeItem } from '../../../../shared/ipc/gitRemoved';
import { relativeTime } from '../../label/sessionLabel';
import { loadRemovedWorktrees, restoreRemovedWorktree } from './actions';

/** "just now", "5m ago", "2d ago", else the date. */
function ago(at: number, now: number): string {
  const rel = relativeTime(at, now);
  if (rel === 'now') return 'just now';
  return /^\d/.test(rel) && !rel.includes(' ') ? `${rel} ago` : rel;
}

/**
 * Settings → General → "Recently removed" (SPEC §7.1 checkpoints): the worktrees removed with their session
 * or after a merge in the last `keepDays` days (the "Keep checkpoints for N days" setting), each a `listitem` with
 * `button` "Restore" that brings the folder back with its uncommitted files (a remote host's, said "on <host>",
 * restored on that host). The outcome is said in a status (focus moves there, the row being gone),
 * a refusal in an alert.
 */
export function RecentlyRemovedSettings({ keepDays }: { readonly keepDays: number }) {
  const [items, setItems] = useState<RemovedWorktreeItem[] | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** When the list was read: the "2h ago" are counted from it. */
  const [now, setNow] = useState(0);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const hintId = useId();

  useEffect(() => {
    let live = true;
    void loadRemovedWorktrees().then((r) => {
      if (!live) return;
      setNow(Date.now());
      if (r.ok) setItems(r.value);
      else setLoadProblem(r.error.message);
    });
    return () => {
      live = false;
    };
  }, []);

  const restore = async (item: RemovedWorktreeItem): Promise<void> => {
    setBusy(item.id);
    setProblem(null);
    setDone(null);
    const r = await restoreRemovedWorktree(item);
    setBusy(null);
    if (!r.ok) {
      setProblem(r.error.message);
      return;
    }
    setItems((list) => (list ?? []).filter((i) => i.id !== item.id));
    const where = item.host === undefined ? '' : ` on ${item.host}`;
    setDone(`Restored${where} at ${r.value.path} on ${r.value.newBranch ? 'the new branch' : 'its branch'} ${r.value.branch}, with its uncommitted files.`);
    requestAnimationFrame(() => statusRef.current?.focus());
  };

  return (
    <fieldset className="field-group" aria-describedby={hintId}>
      <legend>Recently removed</legend>
      <p id={hintId} className="settings-hint">
        Worktrees removed with their session or after a merge, kept {keepDays} {keepDays === 1 ? 'day' : 'days'}. Restore brings the folder back with its uncommitted files.
      </p>
      {loadProblem ? <p className="settings-hint">The removed worktrees could not be listed: {loadProblem}</p> : null}
      {items && items.length === 0 ? <p className="settings-hint">No worktree was removed in the last {keepDays === 1 ? 'day' : `${keepDays} days`}.</p> : null}
      {items && items.length > 0 ? (
        <ul className="removed-list" aria-label="Recently removed worktrees">
          {items.map((item) => (
            <li key={item.id} className="removed-item">
              <span className="removed-what">
                <span className="removed-branch">{item.branch}</span>
                <span className="removed-path">{item.path}</span>
                <span className="settings-hint">
                  {item.how === 'deleted' ? 'Session deleted' : 'Removed after a merge'}
                  {item.host === undefined ? null : ` · on ${item.host}`} · {ago(item.removedAt, now)}
                </span>
              </span>
              <button type="button" onClick={() => void restore(item)} disabled={busy !== null} aria-busy={busy === item.id} title={`Restore ${item.path}${item.host === undefined ? '' : ` on ${item.host}`}`}>
                Restore
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? <p role="alert" className="form-error">{problem}</p> : null}
      <p role="status" ref={statusRef} tabIndex={-1} className="settings-hint">
        {done}
      </p>
    </fieldset>
  );
}
