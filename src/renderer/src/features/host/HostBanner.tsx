import { useApp } from '../../stores/app';
import { useUi } from '../../stores/ui';
import { startHost } from './actions';
import { useHost } from './store';

/**
 * One slim line about the session host (SPEC §5.1), a polite status: restarting
 * after it died, back again, stopped on purpose (with Start while this page can
 * still reach its front), or older than this window. Nothing while all is well.
 */
export function HostBanner() {
  const { state, hostVersion, back, starting, error } = useHost();
  const appVersion = useApp((s) => s.info?.version ?? null);
  // Web mode's front ends with a stopped host: once the page lost it, Start cannot reach anyone.
  const reachable = useUi((s) => s.connection === 'open');
  if (state === 'connected' && !back) return null;
  return (
    <div className="host-status" role="status" aria-live="polite">
      {state === 'restarting' ? <p className="banner warning">The session host stopped; restarting…</p> : null}
      {state === 'connected' && back ? <p className="banner">The session host is back.</p> : null}
      {state === 'stopped' ? (
        <div className="banner warning host-stopped">
          <span>The session host was stopped.</span>
          {reachable ? (
            <button type="button" className="button primary" onClick={() => void startHost()} disabled={starting}>
              Start
            </button>
          ) : (
            <span> Web mode ended with it: run npm run serve again and open the link it prints.</span>
          )}
          {error ? (
            <span className="banner-error" role="alert">
              {error}
            </span>
          ) : null}
        </div>
      ) : null}
      {state === 'outdated' ? (
        <p className="banner warning">
          The session host runs {hostVersion ? `Swarmdesk ${hostVersion}` : 'an older Swarmdesk'}
          {appVersion ? `; this window is ${appVersion}` : ''}. Its agents keep running; restart the host to use this version.
        </p>
      ) : null}
    </div>
  );
}
