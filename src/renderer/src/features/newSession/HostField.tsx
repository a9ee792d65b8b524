import type { HostName, RemoteHostInfo } from '../../../../shared/ipc/hosts';
import { rowHostNote } from '../hosts/hostWords';

/**
 * New session's `combobox` "Host" (SPEC §7.1), shown once a remote host exists: "This machine" and
 * each host, a host that is not connected with its state beside its name, and a line saying so.
 */
export function HostField({ hosts, host, onPick, noteId }: { hosts: readonly RemoteHostInfo[]; host: HostName | null; onPick: (host: HostName | null) => void; noteId: string }) {
  if (hosts.length === 0) return null;
  const chosen = hosts.find((h) => h.name === host) ?? null;
  // Not connected: what the row would say; unreachable: OpenSSH's words and what to do.
  const note = chosen?.state === 'unreachable' ? [`${chosen.name} is unreachable: ${chosen.message}`, chosen.hint].filter(Boolean).join(' ') : rowHostNote(chosen);
  return (
    <>
      <label className="field">
        <span>Host</span>
        <select value={host ?? ''} aria-describedby={note ? noteId : undefined} onChange={(e) => onPick(e.target.value === '' ? null : e.target.value)}>
          <option value="">This machine</option>
          {hosts.map((h) => (
            <option key={h.name} value={h.name}>
              {h.state === 'connected' ? h.name : `${h.name} (${h.state})`}
            </option>
          ))}
        </select>
      </label>
      {note ? (
        <p id={noteId} className="agent-notice host-notice">
          {note}
        </p>
      ) : null}
    </>
  );
}
