import type { SessionId } from '../../../../shared/domain/session';
import { api } from '../../bridge';
import { applyEntriesPage, canLoadPage, oldestLoadedSeq, setEntriesLoading } from '../../stores/entries';

/** A transcript's calls to main: its pages of entries, and links in it opened outside the app. */

const PAGE_SIZE = 200;

/** The newest page (what a pane shows first). */
export async function loadLatestEntries(id: SessionId): Promise<void> {
  if (!canLoadPage(id, 'latest')) return;
  setEntriesLoading(id);
  applyEntriesPage(id, await api().invoke('entries:page', { id, limit: PAGE_SIZE }));
}

/** The page just before the oldest loaded entry. */
export async function loadEarlierEntries(id: SessionId): Promise<void> {
  if (!canLoadPage(id, 'earlier')) return;
  const oldest = oldestLoadedSeq(id);
  setEntriesLoading(id);
  applyEntriesPage(id, await api().invoke('entries:page', { id, limit: PAGE_SIZE, ...(oldest === undefined ? {} : { beforeSeq: oldest }) }));
}

/** A link in model or tool output opens in the system browser (main re-checks the URL: http(s) only). */
export function openExternal(url: string): void {
  void api().invoke('app:openExternal', { url });
}
