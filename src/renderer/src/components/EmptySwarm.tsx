import { useEffect, useState } from 'react';
import { createSession, loadAgentAvailability } from '../features/newSession/actions';
import { setNewSessionOpen } from '../stores/ui';

type QuickKind = 'chat' | 'claude-code';

/**
 * The main area with no sessions at all: what to do next, as buttons that start a pane at once in the
 * default folder (a chat; Claude Code where it can run here), or the full "New session" dialog.
 */
export function EmptySwarm() {
  const [claudeCode, setClaudeCode] = useState(false);
  const [busy, setBusy] = useState<QuickKind | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadAgentAvailability().then((known) => {
      if (live) setClaudeCode(known?.['claude-code'].available ?? false);
    });
    return () => {
      live = false;
    };
  }, []);

  const start = (kind: QuickKind): void => {
    setBusy(kind);
    setProblem(null);
    void createSession({ kind }).then((result) => {
      setBusy(null);
      if (!result.ok) setProblem(result.message);
    });
  };

  return (
    <>
      <h2>No sessions yet</h2>
      <p className="muted">Start an agent here; each session gets its own pane, and they all stay in the list on the left.</p>
      <div className="empty-actions">
        <button type="button" className="button primary" disabled={busy !== null} onClick={() => start('chat')}>
          New chat
        </button>
        {claudeCode && (
          <button type="button" className="button primary" disabled={busy !== null} onClick={() => start('claude-code')}>
            New Claude Code session
          </button>
        )}
        <button type="button" className="button subtle" onClick={() => setNewSessionOpen(true)}>
          More options…
        </button>
      </div>
      {problem && <p role="alert">{problem}</p>}
      <p className="muted empty-hint">
        <kbd>Ctrl</kbd>+<kbd>N</kbd> opens <strong>New session</strong> (a terminal, another folder, a worktree).
      </p>
    </>
  );
}
