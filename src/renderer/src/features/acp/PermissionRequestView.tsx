import { useEffect, useId } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import type { PermissionOption } from '../../../../shared/ipc/acp';
import { usePanes } from '../../stores/panes';
import { answerPermission, loadPermission } from './actions';
import { useAcp } from './store';
import './acp.css';

const isAllow = (option: PermissionOption) => option.kind === 'allow_once' || option.kind === 'allow_always';

/**
 * An ACP session's pending permission request (SPEC §7.1): a `group` "Permission request" with the tool
 * call's title, kind and files, and one button per option, named by the agent's own words, in its order.
 * It follows the composer in the DOM (Tab from the message box reaches the first option after Stop) and is drawn
 * above it (CSS order), so it shows without scrolling the transcript.
 */
export function PermissionRequestView({ sessionId }: { sessionId: SessionId }) {
  const request = useAcp((s) => s.permissions[sessionId] ?? null);
  const answering = useAcp((s) => s.answering[sessionId] ?? null);
  // Asked again after a reconnect: a push sent meanwhile never arrived.
  const reloads = usePanes((s) => s.reloads);
  const titleId = useId();
  useEffect(() => {
    void loadPermission(sessionId);
  }, [sessionId, reloads]);
  if (!request) return null;
  const pending = answering?.requestId === request.requestId ? answering : null;
  const chosen = pending ? request.options.find((o) => o.optionId === pending.optionId) : undefined;

  return (
    <div role="group" aria-label="Permission request" aria-describedby={titleId} className="permission-request" aria-busy={pending ? true : undefined}>
      <div id={titleId} className="permission-what">
        <span className="permission-ask">The agent asks permission:</span>
        <strong className="permission-title">{request.title || 'a tool call'}</strong>
        {request.toolKind ? <span className="permission-kind">{request.toolKind}</span> : null}
      </div>
      {request.locations.length > 0 ? (
        <ul className="permission-locations" aria-label="Files">
          {request.locations.map((path) => (
            <li key={path}>
              <code>{path}</code>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="permission-options">
        {request.options.map((option) => (
          <button
            key={option.optionId}
            type="button"
            className={`button permission-option ${isAllow(option) ? 'is-allow' : 'is-reject'}${option.kind.endsWith('always') ? ' is-always' : ''}`}
            // aria-disabled, not disabled: the pressed button keeps the keyboard while its answer is on its way.
            aria-disabled={pending !== null ? true : undefined}
            onClick={() => {
              if (pending === null) void answerPermission(sessionId, request.requestId, option.optionId);
            }}
          >
            {option.name}
          </button>
        ))}
        {chosen ? (
          <span role="status" className="permission-sending">
            Sending “{chosen.name}”…
          </span>
        ) : null}
      </div>
    </div>
  );
}
