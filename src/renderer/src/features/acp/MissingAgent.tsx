import { useState } from 'react';
import type { AcpAgentInfo } from '../../../../shared/ipc/acp';
import './acp.css';

/** Copies the command; where the clipboard is refused, the command stays there to select by hand. */
function CopyButton({ text, name }: { text: string; name: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button subtle copy-button"
      aria-label={`Copy the install command for ${name}`}
      onClick={() =>
        void navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch(() => undefined)
      }
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/**
 * Under the Agent field, for the chosen ACP agent only when it was not found: how to install it (the
 * command, copyable), or main's reason for a user-defined one. Create waits until it is found.
 */
export function MissingAgent({ id, agent }: { id: string; agent: AcpAgentInfo | null }) {
  if (!agent || agent.available) return null;
  return (
    <p id={id} className="agent-notice agent-missing">
      <strong>{agent.name}</strong>
      {agent.installHint ? (
        <>
          {' is not installed. To install it: '}
          <code>{agent.installHint}</code>
          <CopyButton text={agent.installHint} name={agent.name} />
        </>
      ) : (
        `: ${agent.reason ?? 'not found.'}`
      )}
      <span className="agent-missing-then">Create works once it is installed, or once its path is set in Settings → Agents.</span>
    </p>
  );
}
