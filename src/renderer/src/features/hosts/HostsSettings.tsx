import './hosts.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { RemoteHostInfo } from '../../../../shared/ipc/hosts';
import { addHost, destinationProblem, loadHosts, reconnectHost, removeHost } from './actions';
import { HostsFileNote } from './HostsFileNote';
import { hostItemName, STATE_WORDS } from './hostWords';
import { SshConfigField } from './SshConfigField';
import { useHostList, useHosts } from './store';

/**
 * Settings → Hosts (issue 17, SPEC §7.1 "hosts"): the `region` "Hosts": add a host by its SSH
 * destination, the hosts with their links' states (an unreachable one with OpenSSH's words, what to do
 * and "Try again"), Remove, and the ssh config file. A core without the session host says so; a hosts.json
 * that did not read at the host's start too (HostsFileNote).
 */
export function HostsSettings() {
  const hosts = useHostList();
  const unavailable = useHosts((s) => s.unavailable);
  const fileProblem = useHosts((s) => s.fileProblem);
  const headingId = useId();
  const removeNoteId = useId();
  // Asked again as the section opens: the states are current even if a push was missed.
  useEffect(() => {
    void loadHosts();
  }, []);
  return (
    <section aria-labelledby={headingId} className="field-group hosts-settings">
      <h3 id={headingId}>Hosts</h3>
      <p className="settings-hint">
        Run agents on other machines over SSH, in the same swarm. Swarmdesk uses the system <code>ssh</code> with your own config, keys and agent; it
        never asks for or stores a password or a key.
      </p>
      {unavailable ? <p className="settings-warning hosts-unavailable">{unavailable}</p> : null}
      {fileProblem ? <HostsFileNote problem={fileProblem} /> : null}
      <AddHostForm disabled={unavailable !== null} />
      {hosts.length > 0 ? (
        <>
          <ul className="hosts-list" aria-label="Remote hosts">
            {hosts.map((host) => (
              <HostItem key={host.name} host={host} removeNoteId={removeNoteId} />
            ))}
          </ul>
          <p id={removeNoteId} className="settings-hint">
            Removing a host closes its connection; its sessions stay on that machine and come back when you add it again.
          </p>
        </>
      ) : unavailable ? null : (
        <p className="settings-hint">No remote hosts yet.</p>
      )}
      <SshConfigField disabled={unavailable !== null} />
    </section>
  );
}

function AddHostForm({ disabled }: { disabled: boolean }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problemId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local = destinationProblem(text);
    if (local) return setProblem(local);
    setBusy(true);
    void addHost(text).then((outcome) => {
      setBusy(false);
      if (!outcome.ok) return setProblem(outcome.message);
      setProblem(null);
      setText('');
    });
  };
  return (
    <form className="hosts-add" noValidate onSubmit={submit}>
      <label className="field">
        <span>SSH destination</span>
        <input
          type="text"
          value={text}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          maxLength={255}
          placeholder="user@box or a Host alias"
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            // Said again as typed once it was said: a fixed destination clears it.
            if (problem) setProblem(e.target.value.trim() === '' ? null : destinationProblem(e.target.value));
          }}
        />
      </label>
      {/* Busy, it says so but keeps focus (a disabled button would drop it to the page): a second press waits. */}
      <button type="submit" className="button primary" disabled={disabled} aria-disabled={busy || undefined}>
        Add host
      </button>
      {problem ? (
        <p id={problemId} role="alert" className="field-error hosts-add-problem">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function HostItem({ host, removeNoteId }: { host: RemoteHostInfo; removeNoteId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (work: () => Promise<{ ok: true } | { ok: false; message: string }>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    void work().then((outcome) => {
      setBusy(false);
      if (!outcome.ok) setError(outcome.message);
    });
  };
  const unreachable = host.state === 'unreachable';
  return (
    <li className={`host-item host-${host.state}`} aria-label={hostItemName(host)}>
      <div className="host-line">
        <span className={`host-dot host-dot-${host.state}`} aria-hidden="true" />
        <span className="host-name">{host.name}</span>
        <span className="host-state">{STATE_WORDS[host.state]}</span>
        <span className="host-actions">
          {unreachable ? (
            <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => run(() => reconnectHost(host.name))}>
              Try again
            </button>
          ) : null}
          <button type="button" className="button" aria-disabled={busy || undefined} aria-describedby={removeNoteId} onClick={() => run(() => removeHost(host.name))}>
            Remove
          </button>
        </span>
      </div>
      {host.state !== 'connected' && host.message.trim() ? <p className={unreachable ? 'host-message host-why' : 'host-message'}>{host.message}</p> : null}
      {unreachable && host.hint ? <p className="host-hint">{host.hint}</p> : null}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}
