import type { SessionId } from '../../../../shared/domain/session';
import type { ChangesSummary } from '../../../../shared/ipc/git';
import { changedCountsText } from './format';
import { useChanges } from './store';

/** The row's facts about its worktree, for its accessible name: "on swarmdesk/x, +3 −1". */
export function changesFact(summary: ChangesSummary | undefined): string | null {
  if (!summary) return null;
  if (summary.worktreeRemoved) return `on ${summary.branch}, worktree removed`;
  if (summary.missing) return `on ${summary.branch}, worktree missing`;
  const counts = changedCountsText(summary.added, summary.removed);
  return counts ? `on ${summary.branch}, ${counts}` : `on ${summary.branch}`;
}

/** The session row's branch and small `+N −M` badge (worktree sessions only). */
export function ChangesBadge({ sessionId }: { sessionId: SessionId }) {
  const summary = useChanges((s) => s.summaries[sessionId]);
  if (!summary) return null;
  // Only what says something: a missing worktree, or lines changed (never "+0 −0"). The branch is in the row's tooltip.
  const counts = changedCountsText(summary.added, summary.removed);
  if (!summary.missing && !counts) return null;
  return (
    <span className="row-changes" title={changesFact(summary) ?? undefined}>
      {/* Every session's branch starts with swarmdesk/: the row shows the part that tells them apart. */}
      <span className="row-branch">
        <span aria-hidden="true">⎇ </span>
        {summary.branch.replace(/^swarmdesk\//, '')}
      </span>
      {summary.missing ? <span className="row-changes-missing">{summary.worktreeRemoved ? ' removed' : ' missing'}</span> : null}
      {counts && !summary.missing ? (
        <span className="row-counts">
          <span className="changes-added">+{summary.added}</span> <span className="changes-removed">−{summary.removed}</span>
        </span>
      ) : null}
    </span>
  );
}
