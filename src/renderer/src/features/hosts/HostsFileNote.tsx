import type { HostsFileProblem } from '../../../../shared/ipc/hosts';

/** The `note`'s accessible name (docs/accessible-names.md). */
export const HOSTS_FILE_NOTE = 'Saved hosts could not be read';

/**
 * Settings → Hosts when `hosts.json` did not read at the session host's start: what happened, where
 * the old file was kept, and that adding a host starts a fresh list (or, when it could not be moved,
 * that it is left alone until the user moves or fixes it).
 */
export function HostsFileNote({ problem }: { problem: HostsFileProblem }) {
  return (
    <div role="note" aria-label={HOSTS_FILE_NOTE} className="settings-warning hosts-file-problem">
      <p>
        The list of remote hosts could not be read, so Swarmdesk started with none. <code>{problem.file}</code> is {problem.reason}.
      </p>
      {problem.keptAs !== null ? (
        <p>
          The old file was kept as <code>{problem.keptAs}</code>. Adding a host starts a fresh list.
        </p>
      ) : (
        <p>The file could not be moved aside, so it was left as it is and is not written over: move or fix it, then restart the session host.</p>
      )}
    </div>
  );
}
