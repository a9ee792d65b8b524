import { useId } from 'react';
import type { AcpAgentInfo } from '../../../../shared/ipc/acp';

const EXAMPLE = '[{ "name": "files", "command": "/usr/local/bin/mcp-files" }]';

/** One agent's MCP servers: a JSON field named "MCP servers for <agent>", its problem in an alert under it. */
function McpField({ agent, text, error, hintId, onChange }: { agent: AcpAgentInfo; text: string; error?: string; hintId: string; onChange: (text: string) => void }) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field mcp-servers">
      <label htmlFor={id}>MCP servers for {agent.name}</label>
      <textarea
        id={id}
        rows={text ? Math.min(8, text.split('\n').length + 1) : 2}
        spellCheck={false}
        value={text}
        placeholder="None"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hintId}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Settings → Agents → ACP agents: the MCP servers each agent starts with (passed to its `session/new`). */
export function McpServerFields({
  agents,
  texts,
  errors,
  onChange,
}: {
  agents: readonly AcpAgentInfo[];
  texts: Record<string, string>;
  errors: Record<string, string>;
  onChange: (agentId: string, text: string) => void;
}) {
  const hintId = useId();
  if (agents.length === 0) return null;
  return (
    <fieldset className="field-group">
      <legend>MCP servers</legend>
      <p id={hintId} className="settings-hint">
        Servers each agent starts with, as a JSON list of name, command, args and env. Empty: none. For example: <code>{EXAMPLE}</code>
      </p>
      {agents.map((agent) => (
        <McpField key={agent.id} agent={agent} text={texts[agent.id] ?? ''} error={errors[agent.id]} hintId={hintId} onChange={(text) => onChange(agent.id, text)} />
      ))}
    </fieldset>
  );
}
