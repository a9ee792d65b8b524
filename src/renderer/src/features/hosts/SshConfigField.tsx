import { useId, useState } from 'react';
import { EnvValue } from '../settings/EnvValue';
import { setSshConfigFile } from './actions';
import { useHosts } from './store';

/** The variable that names the ssh config file and wins over the setting. */
export const SSH_CONFIG_VARIABLE = 'SWARMDESK_SSH_CONFIG';

/**
 * The OpenSSH config file passed as `ssh -F` (like VS Code's `remote.SSH.configFile`): a text field
 * saved with its button, or, when `SWARMDESK_SSH_CONFIG` sets it, that path read-only.
 */
export function SshConfigField({ disabled }: { disabled: boolean }) {
  const sshConfig = useHosts((s) => s.sshConfig);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();
  if (sshConfig.source === 'env') {
    return <EnvValue label="SSH config file" setting={{ field: 'sshConfig', variable: SSH_CONFIG_VARIABLE, value: sshConfig.path }} />;
  }
  const stored = sshConfig.path ?? '';
  const shown = draft ?? stored;
  const unchanged = shown.trim() === stored;
  const save = () => {
    if (busy || unchanged) return;
    setBusy(true);
    setSaved(false);
    setError(null);
    void setSshConfigFile(shown).then((outcome) => {
      setBusy(false);
      if (!outcome.ok) return setError(outcome.message);
      setDraft(null);
      setSaved(true);
    });
  };
  return (
    <form
      className="hosts-ssh-config"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label className="field">
        <span>SSH config file</span>
        <input
          type="text"
          value={shown}
          spellCheck={false}
          maxLength={4096}
          placeholder="Empty: ssh's own (~/.ssh/config)"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(e) => {
            setSaved(false);
            setDraft(e.target.value);
          }}
        />
      </label>
      {/* Saved (or saving), it says there is nothing to save but keeps focus, which a disabled button would drop. */}
      <button type="submit" className="button" disabled={disabled} aria-disabled={busy || unchanged || undefined}>
        Save SSH config file
      </button>
      {saved ? (
        <span role="status" className="settings-saved">
          Saved
        </span>
      ) : null}
      <p id={hintId} className="settings-hint hosts-ssh-hint">
        Passed to ssh as <code>-F</code>, for every host. {SSH_CONFIG_VARIABLE} wins over it when set.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
