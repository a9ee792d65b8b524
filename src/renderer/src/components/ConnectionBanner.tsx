import { useUi } from '../stores/ui';

/** Web mode only: says when the page lost Swarmdesk, or cannot reach it at all. */
export function ConnectionBanner() {
  const connection = useUi((s) => s.connection);
  const problem = useUi((s) => s.problem);
  if (problem || connection === 'refused') {
    return (
      <div className="banner error" role="alert">
        {problem ?? 'Swarmdesk refused this page. Open the link the server printed.'}
      </div>
    );
  }
  if (connection === 'gone') {
    // The front this page was served by stopped: a new one has a new address and token, so say how to get one.
    return (
      <div className="banner error" role="alert">
        Swarmdesk&apos;s server is gone: this page cannot reach it any more. To open Swarmdesk again, run <code>npm start</code> and
        open the address it prints.
      </div>
    );
  }
  if (connection === 'reconnecting') {
    return (
      <div className="banner" role="status">
        Reconnecting to Swarmdesk…
      </div>
    );
  }
  return null;
}
