import { useEffect } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import { useUsage } from '../../stores/usage';
import { loadUsage } from './actions';
import { usageDetails, usageLine } from './format';

/** The pane header's cost line: turns and tokens, and money where the source reported it; nothing before the first turn. */
export function UsageLine({ sessionId }: { sessionId: SessionId }) {
  const usage = useUsage((s) => s.byId[sessionId]);
  useEffect(() => {
    void loadUsage(sessionId);
  }, [sessionId]);
  const line = usage ? usageLine(usage.total) : null;
  if (!usage || !line) return null;
  return (
    <span className="pane-usage" title={usageDetails(usage) ?? undefined}>
      {' · '}
      <span aria-label={`Usage: ${line}`}>{line}</span>
    </span>
  );
}
