import { useEffect, useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import type { PermissionMode } from '../../../../shared/ipc/agents';
import { api } from '../../bridge';
import { showToast } from '../../stores/ui';
import { PERMISSION_MODE_LABELS, PERMISSION_MODE_ORDER } from './options';
import './permissionMode.css';

/**
 * A claude-code pane's permission mode ("· plan mode") in its header, and the
 * place to change it; a change applies from the session's next turn.
 */
export function PermissionModeControl({ sessionId }: { sessionId: SessionId }) {
  const [mode, setMode] = useState<PermissionMode | null>(null);
  useEffect(() => {
    let live = true;
    setMode(null);
    void api()
      .invoke('agents:permissionMode', { id: sessionId })
      .then((result) => {
        if (live && result.ok) setMode(result.value.mode);
      });
    return () => {
      live = false;
    };
  }, [sessionId]);
  if (mode === null) return null;

  const change = async (next: PermissionMode) => {
    const before = mode;
    setMode(next);
    const result = await api().invoke('agents:setPermissionMode', { id: sessionId, mode: next });
    if (!result.ok) {
      setMode(before);
      showToast(`Could not change the permission mode: ${result.error.message}`, { tone: 'error' });
    }
  };

  return (
    <>
      {' · '}
      <span className="pane-mode">
        <select
          aria-label="Permission mode"
          title="Permission mode (applies from the next turn)"
          value={mode}
          onChange={(e) => void change(e.target.value as PermissionMode)}
        >
          {PERMISSION_MODE_ORDER.map((m) => (
            <option key={m} value={m}>
              {`${PERMISSION_MODE_LABELS[m].toLowerCase()} mode`}
            </option>
          ))}
        </select>
      </span>
    </>
  );
}
