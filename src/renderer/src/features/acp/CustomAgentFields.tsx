import { useId } from 'react';

/** One user-defined agent as edited: its fields as typed (arguments one line, environment NAME=value lines). */
export interface CustomAgentDraft {
  /** React's key for the row (stable while editing). */
  key: number;
  /** The saved agent's id; null until first saved. */
  id: string | null;
  name: string;
  command: string;
  args: string;
  env: string;
  /** The environment as last saved (what a masked value stands for). */
  savedEnv: Record<string, string>;
}

export type DraftField = 'name' | 'command' | 'args' | 'env';
export type DraftErrors = Partial<Record<DraftField, string>>;

const LABELS: Record<DraftField, string> = { name: 'Name', command: 'Command', args: 'Arguments', env: 'Environment' };

/** A field with its label, and its problem (if any) in an `alert` right under it that describes it. */
function Field({ field, draft, error, onChange, autoFocus }: { field: DraftField; draft: CustomAgentDraft; error?: string; onChange: (value: string) => void; autoFocus?: boolean }) {
  const id = useId();
  const errorId = useId();
  const common = {
    id,
    value: draft[field],
    spellCheck: false,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  return (
    <div className={`field custom-agent-${field}`}>
      <label htmlFor={id}>{LABELS[field]}</label>
      {field === 'env' ? (
        <textarea {...common} rows={2} placeholder="NAME=value, one a line" onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type="text"
          // A new agent's name takes the keyboard when "Add agent" makes it.
          autoFocus={autoFocus}
          placeholder={field === 'command' ? '/usr/local/bin/my-agent' : field === 'args' ? '--acp --model "fast one"' : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error ? (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One user-defined agent: a `group` named by it, its four fields and "Remove". */
export function CustomAgentFields({
  draft,
  errors,
  isNew,
  onChange,
  onRemove,
}: {
  draft: CustomAgentDraft;
  errors: DraftErrors;
  isNew: boolean;
  onChange: (change: Partial<CustomAgentDraft>) => void;
  onRemove: () => void;
}) {
  const name = draft.name.trim() || 'New agent';
  return (
    <li>
      <fieldset className="custom-agent">
        <legend>{name}</legend>
        <div className="custom-agent-grid">
          <Field field="name" draft={draft} error={errors.name} onChange={(name) => onChange({ name })} autoFocus={isNew} />
          <Field field="command" draft={draft} error={errors.command} onChange={(command) => onChange({ command })} />
          <Field field="args" draft={draft} error={errors.args} onChange={(args) => onChange({ args })} />
          <Field field="env" draft={draft} error={errors.env} onChange={(env) => onChange({ env })} />
        </div>
        <button type="button" className="button subtle custom-agent-remove" onClick={onRemove}>
          Remove {name}
        </button>
      </fieldset>
    </li>
  );
}
