import { useId, useState } from 'react';
import type { SessionId, SessionKind } from '../../../../shared/domain/session';
import { useChanges } from '../changes/store';
import { CommitDialog } from './CommitDialog';
import { MergeDialog } from './MergeDialog';
import { RemoveWorktreeDialog } from './RemoveWorktreeDialog';
import { commitTitle, mergeState } from './mergeState';
import './merge.css';

/**
 * The pane header's "Commit" and "Merge into <base>" for a session in a worktree of its own
 * (nothing for other sessions). They follow the session's changes summary, which main pushes
 * as `session:changes` after the agent's activity and after a commit, merge or removal, so an
 * edit enables Commit without the window losing and regaining focus. Merge is off, with the
 * reason as its description, when there is nothing to merge or it was just merged; then the
 * pane offers to remove the worktree. Made from a detached HEAD: no merge button, and why.
 */
export function MergeActions({ sessionId, kind }: { sessionId: SessionId; kind: SessionKind }) {
  const summary = useChanges((s) => s.summaries[sessionId]);
  const [open, setOpen] = useState<'commit' | 'merge' | 'remove' | null>(null);
  const noteId = useId();
  if (!summary) return null;
  const { branch, baseBranch, uncommitted, ahead, note, canMerge, mergeNote, merged } = mergeState(summary);
  const close = () => setOpen(null);
  return (
    <div className="merge-actions">
      {/* Merged, nothing is left to commit (anything new ends the merged state): no Commit that cannot act. */}
      {summary.missing || merged ? null : (
        <button type="button" className="button small" disabled={!uncommitted} title={commitTitle(uncommitted)} onClick={() => setOpen('commit')}>
          Commit
        </button>
      )}
      {baseBranch ? (
        <>
          <button type="button" className="button small" disabled={!canMerge} aria-describedby={mergeNote ? noteId : undefined} onClick={() => setOpen('merge')}>
            Merge into {baseBranch}
          </button>
          {mergeNote ? (
            <span id={noteId} className={merged ? 'merge-note is-merged' : 'merge-note'} title={mergeNote}>
              {mergeNote}
            </span>
          ) : null}
          {/* A worktree made outside Swarmdesk is the user's to remove (the core refuses it too). */}
          {merged && !summary.adopted ? (
            <button type="button" className="button small" onClick={() => setOpen('remove')}>
              Remove worktree…
            </button>
          ) : null}
        </>
      ) : (
        <span className="merge-note" title={note ?? undefined}>
          {note}
        </span>
      )}
      {open === 'commit' ? <CommitDialog sessionId={sessionId} branch={branch} onClose={close} /> : null}
      {open === 'merge' && baseBranch ? (
        <MergeDialog
          sessionId={sessionId}
          kind={kind}
          initial={{ baseBranch, branch, reason: null, uncommitted: uncommitted ?? 0, ahead: ahead ?? 0, conflicts: [], messages: null }}
          onCommit={() => setOpen('commit')}
          onClose={close}
        />
      ) : null}
      {open === 'remove' && merged ? <RemoveWorktreeDialog sessionId={sessionId} branch={branch} baseBranch={merged} onClose={close} /> : null}
    </div>
  );
}
