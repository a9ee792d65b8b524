import type { SessionId } from '../../../../shared/domain/session';
import { useChanges } from '../changes/store';

/**
 * The pane's note naming the session's branch: read from the pushed changes summary, so it
 * follows a rename after the title (and a removal) instead of the name the worktree was made with.
 */
export function WorktreeNote({ sessionId }: { sessionId: SessionId }) {
  const summary = useChanges((s) => s.summaries[sessionId]);
  if (!summary) return null;
  const from = summary.baseBranch ? ` from ${summary.baseBranch}` : '';
  const text = summary.worktreeRemoved === 'branch-deleted' ? `was on branch ${summary.branch}` : `branch ${summary.branch}${from}`;
  return (
    <>
      {' · '}
      <span role="note" aria-label="Worktree" className="pane-worktree" title={`Git worktree on ${summary.branch}`}>
        {text}
      </span>
    </>
  );
}
