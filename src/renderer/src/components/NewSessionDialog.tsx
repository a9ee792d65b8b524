import { useState } from 'react';
import type { SessionKind } from '../../../shared/domain/session';
import { createSession } from '../actions/sessionActions';
import { useApp } from '../stores/app';
import { setNewSessionOpen, useUi } from '../stores/ui';
import { Modal } from './Modal';

type CreatableKind = Exclude<SessionKind, 'imported'>;
const AGENTS: { kind: CreatableKind; label: string }[] = [
  { kind: 'chat', label: 'Chat' },
  { kind: 'claude-code', label: 'Claude Code' },
  { kind: 'terminal', label: 'Terminal' },
];
const LAST_KIND_KEY = 'swarmdesk.lastAgent';

function lastKind(): CreatableKind {
  try {
    const stored = localStorage.getItem(LAST_KIND_KEY);
    return AGENTS.some((agent) => agent.kind === stored) ? (stored as CreatableKind) : 'chat';
  } catch {
    return 'chat';
  }
}

/** "New session": agent and folder, both prefilled, so Create works at once. */
export function NewSessionDialog() {
  const open = useUi((s) => s.newSessionOpen);
  if (!open) return null;
  return <NewSessionForm />;
}

function NewSessionForm() {
  const defaultFolder = useApp((s) => s.info?.defaultFolder ?? '');
  const [kind, setKind] = useState<CreatableKind>(lastKind);
  // null until the user edits it: the default can still arrive after the dialog opened.
  const [edited, setFolder] = useState<string | null>(null);
  const folder = edited ?? defaultFolder;
  const [busy, setBusy] = useState(false);
  const close = () => setNewSessionOpen(false);

  return (
    <Modal title="New session" onClose={close} initialFocus="select">
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (busy) return;
          setBusy(true);
          try {
            localStorage.setItem(LAST_KIND_KEY, kind);
          } catch {
            // Not remembering the choice is fine.
          }
          void createSession(kind, folder).then((row) => {
            setBusy(false);
            if (row) close();
          });
        }}
      >
        <label className="field">
          <span>Agent</span>
          <select value={kind} onChange={(e) => setKind(e.target.value as CreatableKind)}>
            {AGENTS.map((agent) => (
              <option key={agent.kind} value={agent.kind}>
                {agent.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Folder</span>
          <input type="text" value={folder} spellCheck={false} onChange={(e) => setFolder(e.target.value)} />
        </label>
        <div className="form-actions">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}
