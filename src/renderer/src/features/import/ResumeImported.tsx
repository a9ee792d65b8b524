import { useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import { resumeImported } from './actions';

/**
 * In place of the composer on an imported session: its transcript is a
 * record of another tool's session; "Resume" continues it in a live one.
 */
export function ResumeImported({ sessionId }: { sessionId: SessionId }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="composer resume-imported" role="group" aria-label="Imported session">
      <p className="resume-imported-text">Imported from another tool&apos;s history. Resume it to continue where it left off.</p>
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
