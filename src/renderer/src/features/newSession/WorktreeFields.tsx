import { useEffect, useId, useState } from 'react';
import type { HostName } from '../../../../shared/ipc/hosts';
import type { WorktreeChoice } from '../../../../shared/ipc/git';
import { loadOutsideWorktrees, type RepoInfo } from './actions';
import './worktreeFields.css';

/**
 * "Work in a new git worktree" (SPEC §7.1): only for a folder inside a git
 * repository, checked as the user last left it for that repository (on by
 * default); otherwise a short note why there is no such option. The details
 * hold the ignored files to copy and the setup command. The parent keys it by
 * repository, so another repository starts from its own remembered patterns.
 * "Open existing worktree" offers the worktrees of the repository on the
 * session's host (`host`; null: this machine).
 */
export function WorktreeFields({
  info,
  host,
  choice,
  onChange,
}: {
  info: RepoInfo;
  host: HostName | null;
  choice: WorktreeChoice;
  onChange: (next: WorktreeChoice) => void;
}) {
  const patternsId = useId();
  const setupId = useId();
  const [patterns, setPatterns] = useState(choice.copyPatterns.join('\n'));
  const [outside, setOutside] = useState<Array<{ path: string; branch: string }>>([]);
  const root = info.repo?.root ?? null;
  useEffect(() => {
    if (!root) return;
    let live = true;
    void loadOutsideWorktrees(root, host).then((items) => {
      if (live) setOutside(items);
    });
    return () => {
      live = false;
    };
  }, [root, host]);
  if (!info.repo) return <p className="worktree-note">No worktree option: {info.reason ?? 'the folder is not inside a git repository.'}</p>;
  const base = info.repo.branch ?? 'the current commit (detached HEAD)';
  return (
    <div className="worktree-fields">
      <label className="check">
        <input type="checkbox" checked={choice.enabled} onChange={(e) => onChange({ ...choice, enabled: e.target.checked })} />
        <span>Work in a new git worktree</span>
      </label>
      {choice.enabled && outside.length > 0 ? (
        <label className="field">
          <span>Open existing worktree</span>
          <select value={choice.existing ?? ''} onChange={(e) => onChange({ ...choice, existing: e.target.value || undefined })}>
            <option value="">A new worktree</option>
            {outside.map((w) => (
              <option key={w.path} value={w.path}>
                {w.branch} — {w.path}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {choice.enabled && choice.existing ? (
        <p className="worktree-note">Works in the worktree at {choice.existing}, made outside Swarmdesk, on its own branch; nothing in it is changed.</p>
      ) : choice.enabled ? (
        <>
          <p className="worktree-note">
            A new branch from {base}, in its own folder outside the repository.
            {info.repo.dirty ? ' The checkout has uncommitted changes; they stay where they are.' : ''}
          </p>
          <details className="worktree-details">
            <summary>Worktree setup</summary>
            <div className="worktree-setup">
              <div className="field">
                <label htmlFor={patternsId}>Ignored files to copy (one pattern a line)</label>
                <textarea
                  id={patternsId}
                  rows={2}
                  spellCheck={false}
                  placeholder=".env"
                  value={patterns}
                  onChange={(e) => {
                    setPatterns(e.target.value);
                    const list = e.target.value.split('\n').map((p) => p.trim()).filter(Boolean);
                    onChange({ ...choice, copyPatterns: list });
                  }}
                />
              </div>
              <div className="field">
                <label htmlFor={setupId}>Setup command</label>
                <input
                  id={setupId}
                  type="text"
                  spellCheck={false}
                  placeholder="npm ci"
                  value={choice.setupCommand}
                  onChange={(e) => onChange({ ...choice, setupCommand: e.target.value })}
                />
              </div>
            </div>
          </details>
        </>
      ) : null}
    </div>
  );
}
