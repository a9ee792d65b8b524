import { FIX_HINTS, type CreatableKind } from './options';

/**
 * Why the chosen agent cannot run yet and how to fix it, in plain text under
 * the Agent field. Create stays enabled: the session is kept and runs once set up.
 */
export function AgentNotice({ id, kind, reason }: { id: string; kind: CreatableKind; reason: string | null }) {
  if (!reason) return null;
  const hint = FIX_HINTS[kind];
  return (
    <p id={id} className="agent-notice">
      {reason}
      {hint ? (
        <>
          {` ${hint.text} `}
          <code>{hint.command}</code>.
        </>
      ) : null}{' '}
      You can create the session now; it runs once this is set up.
    </p>
  );
}
