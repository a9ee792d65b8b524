import { useState } from 'react';
import type { SessionId, SessionKind } from '../../../../shared/domain/session';
import { CommitDialog } from './CommitDialog';
import { MergeDialog } from './MergeDialog';
import { useMergeCheck } from './useMergeCheck';
import './merge.css';

/**
 * The pane header's "Commit" and "Merge into <base>" for a session in a worktree of its own
 * (nothing for other sessions). Made from a detached HEAD: no merge button, and why.
 */
export function MergeActions({ sessionId, kind }: { sessionId: SessionId; kind: SessionKind }) {
  const { check, refresh } = useMergeCheck(sessionId);
  const [open, setOpen] = useState<'commit' | 'merge' | null>(null);
  if (!check?.branch) return null;
  const { branch, baseBranch } = check;
  const close = () => {
    setOpen(null);
    refresh();
  };
  return (
    <div className="merge-actions">
      <button
        type="button"
        className="button small"
        disabled={check.uncommitted === 0}
        title={check.uncommitted === 0 ? 'Nothing to commit' : `${check.uncommitted} uncommitted file${check.uncommitted === 1 ? '' : 's'}`}
        onClick={() => setOpen('commit')}
      >
        Commit
      </button>
      {baseBranch ? (
        <button type="button" className="button small" onClick={() => setOpen('merge')}>
          Merge into {baseBranch}
        </button>
      ) : (
        <span className="merge-note">{check.reason}</span>
      )}
      {open === 'commit' ? <CommitDialog sessionId={sessionId} branch={branch} files={check.uncommitted} onClose={close} /> : null}
      {open === 'merge' && baseBranch ? (
        <MergeDialog sessionId={sessionId} kind={kind} initial={{ ...check, baseBranch, branch }} onCommit={() => setOpen('commit')} onClose={close} />
      ) : null}
    </div>
  );
}
