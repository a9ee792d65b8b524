import { useEffect } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import type { AcpChoices } from '../../../../shared/ipc/acp';
import { chooseAcpOption, loadSessionOptions } from './actions';
import { useAcp } from './store';

/** One native select in the pane's facts line, each option by the agent's own name. */
function ChoiceSelect({ label, hint, choices, onChoose }: { label: string; hint: string; choices: NonNullable<AcpChoices>; onChoose: (id: string) => void }) {
  const current = choices.available.find((c) => c.id === choices.current);
  return (
    <>
      {' · '}
      <span className="pane-mode">
        <select aria-label={label} title={current?.description ? `${label}: ${current.description}. ${hint}` : `${label}. ${hint}`} value={choices.current} onChange={(e) => onChoose(e.target.value)}>
          {/* A current value the agent did not list still shows as chosen. */}
          {current ? null : <option value={choices.current}>{choices.current}</option>}
          {choices.available.map((c) => (
            <option key={c.id} value={c.id} title={c.description ?? undefined}>
              {c.name}
            </option>
          ))}
        </select>
      </span>
    </>
  );
}

/**
 * An ACP pane's Mode and Model, where its agent offers them (known once it has run in this app run): a
 * change applies at once on the running agent, or when it next starts.
 */
export function AcpChoicesControl({ sessionId }: { sessionId: SessionId }) {
  const options = useAcp((s) => s.options[sessionId]);
  useEffect(() => {
    void loadSessionOptions(sessionId);
  }, [sessionId]);
  if (!options) return null;
  const hint = 'Applies at once, or when the agent next starts.';
  return (
    <>
      {options.modes ? <ChoiceSelect label="Mode" hint={hint} choices={options.modes} onChoose={(id) => void chooseAcpOption(sessionId, 'mode', id)} /> : null}
      {options.models ? <ChoiceSelect label="Model" hint={hint} choices={options.models} onChoose={(id) => void chooseAcpOption(sessionId, 'model', id)} /> : null}
    </>
  );
}
