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
  if (connection === 'reconnecting') {
    return (
      <div className="banner" role="status">
        Reconnecting to Swarmdesk…
      </div>
    );
  }
  return null;
}
