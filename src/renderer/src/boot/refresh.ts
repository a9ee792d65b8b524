import { loadChangeSummaries } from '../features/changes/actions';
import { loadHosts } from '../features/hosts/actions';
import { reloadHeldReviews } from '../features/review/actions';
import { loadSessions } from '../features/sessions/actions';
import { loadLatestEntries } from '../features/transcript/actions';
import { forgetEntries } from '../stores/entries';
import { reloadPaneContents, usePanes } from '../stores/panes';

/**
 * After the web socket came back, or the session host did (`host:state`
 * reattached), pushes sent meanwhile are lost: fetch the swarm, the remote
 * hosts' states, the open transcripts, the review comments held and the terminal screens again.
 */
export async function refreshAfterReconnect(): Promise<void> {
  const open = usePanes.getState().open;
  reloadPaneContents();
  await Promise.all([
    loadSessions(),
    loadChangeSummaries(),
    loadHosts(),
    reloadHeldReviews(),
    ...open.map((id) => {
      forgetEntries(id);
      return loadLatestEntries(id);
    }),
  ]);
}
