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
 * Under the Agent field: each ACP agent that was not found, one line each — its name, then how to install
 * it (the command, copyable), or main's reason for a user-defined one. Its option is disabled meanwhile.
 */
export function MissingAgents({ id, agents }: { id: string; agents: readonly AcpAgentInfo[] }) {
  if (agents.length === 0) return null;
  return (
    <ul id={id} className="agent-missing" aria-label="Agents not found">
      {agents.map((agent) => (
        <li key={agent.id}>
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
        </li>
      ))}
    </ul>
  );
}
