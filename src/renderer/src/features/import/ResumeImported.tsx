import { useEffect, useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import { loadImportSource, resumeImported } from './actions';

const TOOL_NAMES = { 'claude-code': 'Claude Code', codex: 'Codex' } as const;

/**
 * In place of the composer on an imported session: its transcript is a
 * record of another tool's session; "Resume" continues it in a live one.
 */
export function ResumeImported({ sessionId }: { sessionId: SessionId }) {
  const [busy, setBusy] = useState(false);
  const [source, setSource] = useState<keyof typeof TOOL_NAMES | null>(null);
  useEffect(() => {
    let live = true;
    void loadImportSource(sessionId).then((known) => {
      if (live) setSource(known);
    });
    return () => {
      live = false;
    };
  }, [sessionId]);
  return (
    <div className="composer resume-imported" role="group" aria-label="Imported session">
      <p className="resume-imported-text">
        <strong>{source ? `Imported from ${TOOL_NAMES[source]}.` : 'Imported from another tool’s history.'}</strong> Resume it to continue where it left off.
      </p>
      <button
        type="button"
        className="button primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void resumeImported(sessionId).finally(() => setBusy(false));
        }}
      >
        Resume
      </button>
    </div>
  );
}
