import { useEffect, useId, useRef, useState } from 'react';
import type { SessionId, SessionKind } from '../../../../shared/domain/session';
import type { MergeStrategy } from '../../../../shared/ipc/gitMerge';
import { Modal } from '../../components/Modal';
import { loadMergeCheck, mergeInto, resolveConflicts, type MergeCheck } from './actions';

const STRATEGIES: ReadonlyArray<{ value: MergeStrategy; label: string; hint: (base: string) => string }> = [
  { value: 'squash', label: 'Squash', hint: (base) => `One new commit on ${base} with all of the work.` },
  { value: 'merge', label: 'Merge commit', hint: (base) => `Keeps every commit, joined to ${base} by a merge commit.` },
  { value: 'rebase', label: 'Rebase', hint: (base) => `Replays the commits on top of ${base} in the worktree, then moves ${base} to them.` },
];

/** The check's suggested message for a strategy that writes one. */
const suggested = (which: MergeStrategy, from: MergeCheck): string => (which === 'rebase' ? '' : (from.messages?.[which] ?? ''));

/** Sessions with an agent to ask (a terminal would run the text as commands). */
const agentKind = (kind: SessionKind): boolean => kind === 'claude-code' || kind === 'chat';

/**
 * "Merge into <base>" (SPEC §7.1): Squash, Merge commit or Rebase, then Merge. Conflicts are
 * found before anything changes (main's check, asked when the dialog opens; Merge waits for it) and listed in an alert, with the way out:
 * send them to the agent, or rebase in the worktree and resolve there.
 */
export function MergeDialog({
  sessionId,
  kind,
  initial,
  onCommit,
  onClose,
}: {
  sessionId: SessionId;
  kind: SessionKind;
  initial: MergeCheck & { baseBranch: string; branch: string };
  onCommit: () => void;
  onClose: (merged: boolean) => void;
}) {
  const [check, setCheck] = useState<MergeCheck>(initial);
  const [strategy, setStrategy] = useState<MergeStrategy>('squash');
  const [conflicts, setConflicts] = useState<string[]>(initial.conflicts);
  const [error, setError] = useState<string | null>(initial.reason);
  const [busy, setBusy] = useState(false);
  /** The conflict trial answered (the initial state is the pushed summary, which has no trial). */
  const [checked, setChecked] = useState(false);
  const groupId = useId();
  const messageId = useId();
  const base = initial.baseBranch;
  /** The message the merge will write (Squash, Merge commit): the check's suggestion until the user edits it. */
  const [message, setMessage] = useState('');
  const [edited, setEdited] = useState(false);
  // The check answers later; these say what the user chose meanwhile.
  const strategyRef = useRef<MergeStrategy>('squash');
  const editedRef = useRef(false);
  const choose = (next: MergeStrategy) => {
    strategyRef.current = next;
    setStrategy(next);
    if (!edited && next !== 'rebase') setMessage(suggested(next, check));
  };

  useEffect(() => {
    let live = true;
    void loadMergeCheck(sessionId).then((fresh) => {
      if (!live) return;
      if (!fresh) {
        setError('Could not check whether the branch merges cleanly; close and try again.');
        return;
      }
      setChecked(true);
      setCheck(fresh);
      if (!editedRef.current) setMessage(suggested(strategyRef.current, fresh));
      setConflicts(fresh.conflicts);
      setError(fresh.reason);
    });
    return () => {
      live = false;
    };
  }, [sessionId]);

  const resolve = (how: 'agent' | 'rebase') => {
    setBusy(true);
    void resolveConflicts(sessionId, how).then((outcome) => {
      setBusy(false);
      if (outcome.ok) onClose(false);
      else setError(outcome.message);
    });
  };
  const uncommitted = check.uncommitted;
  const them = conflicts.length === 1 ? 'it' : 'them';
  const writesMessage = strategy !== 'rebase';
  const canMerge = checked && !busy && uncommitted === 0 && conflicts.length === 0 && check.reason === null && check.ahead > 0 && (!writesMessage || message.trim() !== '');

  return (
    <Modal title={`Merge into ${base}`} onClose={() => onClose(false)} initialFocus='input[type="radio"]:checked'>
      <form
        className="form merge-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!canMerge) return;
          setBusy(true);
          setError(null);
          void mergeInto(sessionId, strategy, initial.branch, writesMessage ? message : null).then((outcome) => {
            setBusy(false);
            if (!outcome.ok) setError(outcome.message);
            else if (outcome.value.outcome === 'conflicts') setConflicts(outcome.value.files);
            else onClose(true);
          });
        }}
      >
        <p className="modal-text">
          {check.ahead === 0
            ? `${base} already has every commit of ${initial.branch}.`
            : `${check.ahead} commit${check.ahead === 1 ? '' : 's'} from ${initial.branch}.`}
        </p>
        {uncommitted > 0 ? (
          <div className="merge-alert" role="alert">
            <p>
              The worktree has {uncommitted} uncommitted file{uncommitted === 1 ? '' : 's'}. Commit {uncommitted === 1 ? 'it' : 'them'} first.
            </p>
            <div className="merge-alert-actions">
              <button type="button" className="button" onClick={onCommit}>
                Commit…
              </button>
            </div>
          </div>
        ) : null}
        <div role="radiogroup" aria-labelledby={groupId} className="merge-strategies">
          <span id={groupId} className="merge-legend">
            How to merge
          </span>
          {STRATEGIES.map((s) => (
            <div key={s.value} className="merge-strategy">
              <label>
                <input
                  type="radio"
                  name={`${groupId}-strategy`}
                  value={s.value}
                  checked={strategy === s.value}
                  aria-describedby={`${groupId}-${s.value}`}
                  onChange={() => choose(s.value)}
                />
                <span>{s.label}</span>
              </label>
              <p id={`${groupId}-${s.value}`} className="merge-hint">
                {s.hint(base)}
              </p>
            </div>
          ))}
        </div>
        {writesMessage ? (
          <div className="field">
            <label htmlFor={messageId}>{strategy === 'squash' ? 'Squash commit message' : 'Merge commit message'}</label>
            <textarea
              id={messageId}
              rows={5}
              spellCheck
              value={message}
              aria-describedby={`${messageId}-hint`}
              onChange={(e) => {
                editedRef.current = true;
                setEdited(true);
                setMessage(e.target.value);
              }}
            />
            <p id={`${messageId}-hint`} className="merge-hint">
              {checked ? `Written on ${base} as it reads here; made from the branch's commit messages.` : 'Reading the branch’s commit messages…'}
            </p>
          </div>
        ) : null}
        {conflicts.length > 0 ? (
          <div className="merge-alert" role="alert">
            <p>
              {conflicts.length === 1 ? 'This file conflicts' : `These ${conflicts.length} files conflict`} with {base}; {base} was not changed:
            </p>
            <ul className="merge-files">
              {conflicts.slice(0, 20).map((f) => (
                <li key={f}>{f}</li>
              ))}
              {conflicts.length > 20 ? <li>… and {conflicts.length - 20} more</li> : null}
            </ul>
            <p>
              {agentKind(kind) ? `Ask the agent to resolve ${them}, or rebase in the worktree and resolve ${them} there.` : `Rebase in the worktree and resolve ${them} there.`}
            </p>
            <div className="merge-alert-actions">
              {agentKind(kind) ? (
                <button type="button" className="button" disabled={busy} onClick={() => resolve('agent')}>
                  Send to agent
                </button>
              ) : null}
              <button type="button" className="button" disabled={busy} onClick={() => resolve('rebase')}>
                Rebase in worktree
              </button>
            </div>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => onClose(false)}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={!canMerge}>
            Merge
          </button>
        </div>
      </form>
    </Modal>
  );
}
