import { useState } from 'react';
import type { SessionId, SessionKind } from '../../../../shared/domain/session';
import { useChanges } from '../changes/store';
import { CommitDialog } from './CommitDialog';
import { MergeDialog } from './MergeDialog';
import { commitTitle, mergeState } from './mergeState';
import './merge.css';

/**
 * The pane header's "Commit" and "Merge into <base>" for a session in a worktree of its own
 * (nothing for other sessions). They follow the session's changes summary, which main pushes
 * as `session:changes` after the agent's activity and after a commit or merge, so an edit
 * enables Commit without the window losing and regaining focus. The dialog asks main for the
 * conflict trial (`git:mergeCheck`) when it opens. Made from a detached HEAD: no merge button, and why.
 */
export function MergeActions({ sessionId, kind }: { sessionId: SessionId; kind: SessionKind }) {
  const summary = useChanges((s) => s.summaries[sessionId]);
  const [open, setOpen] = useState<'commit' | 'merge' | null>(null);
  if (!summary) return null;
  const { branch, baseBranch, uncommitted, ahead, note } = mergeState(summary);
  const close = () => setOpen(null);
  return (
    <div className="merge-actions">
      {summary.missing ? null : (
        <button type="button" className="button small" disabled={!uncommitted} title={commitTitle(uncommitted)} onClick={() => setOpen('commit')}>
          Commit
        </button>
      )}
      {baseBranch ? (
        <>
          <button type="button" className="button small" onClick={() => setOpen('merge')}>
            Merge into {baseBranch}
          </button>
          {ahead ? <span className="merge-note">{`${ahead} commit${ahead === 1 ? '' : 's'} to merge`}</span> : null}
        </>
      ) : (
        <span className="merge-note">{note}</span>
      )}
      {open === 'commit' ? <CommitDialog sessionId={sessionId} branch={branch} files={uncommitted ?? 0} onClose={close} /> : null}
      {open === 'merge' && baseBranch ? (
        <MergeDialog
          sessionId={sessionId}
          kind={kind}
          initial={{ baseBranch, branch, reason: null, uncommitted: uncommitted ?? 0, ahead: ahead ?? 0, conflicts: [] }}
          onCommit={() => setOpen('commit')}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
