import { useEffect } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import { loadChanges, toggleChanges } from './actions';
import { changedCountsText } from './format';
import { useChanges } from './store';

/** The region's id for a session's pane (the button's aria-controls). */
export const changesRegionId = (sessionId: SessionId): string => `changes-${sessionId}`;

/**
 * The pane header's "Changes" button, for a session that works in a git worktree. Its name is its
 * text, "Changes" (the counts beside it are hidden from it and said in its title): an aria-label
 * that leaves out visible text fails WCAG 2.5.3, label in name.
 */
export function ChangesButton({ sessionId }: { sessionId: SessionId }) {
  const summary = useChanges((s) => s.summaries[sessionId]);
  const open = useChanges((s) => s.open[sessionId] === true);
  useRecountOnReturn(sessionId, summary !== undefined);
  if (!summary) return null;
  // As on the row: no "+0 −0" on a fresh worktree or one just merged.
  const counts = changedCountsText(summary.added, summary.removed);
  return (
    <button
      type="button"
      className={open ? 'changes-button is-open' : 'changes-button'}
      aria-expanded={open}
      aria-controls={changesRegionId(sessionId)}
      title={`What this session changed on ${summary.branch}${counts ? ` (${counts})` : ''}`}
      onClick={() => toggleChanges(sessionId)}
    >
      Changes
      {counts ? (
        <span className="changes-counts" aria-hidden="true">
          <span className="changes-added">+{summary.added}</span> <span className="changes-removed">−{summary.removed}</span>
        </span>
      ) : null}
    </button>
  );
}

/**
 * Coming back to the window (from an editor, say) counts the shown session's changes again: the
 * summary that main pushes moves the row, the Commit button and, when open, the region's list.
 */
function useRecountOnReturn(sessionId: SessionId, hasWorktree: boolean): void {
  useEffect(() => {
    if (!hasWorktree) return;
    const onFocus = (): void => void loadChanges(sessionId);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [sessionId, hasWorktree]);
}
