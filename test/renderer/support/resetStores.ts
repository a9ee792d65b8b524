import { resetSearch } from '../../../src/renderer/src/features/sessions/actions';
import { resetSnippetRequests } from '../../../src/renderer/src/features/search/actions';
import { resetSearchSnippetsStore } from '../../../src/renderer/src/features/search/store';
import { resetNotificationsStore } from '../../../src/renderer/src/features/notifications/store';
import { resetAppStore } from '../../../src/renderer/src/stores/app';
import { resetEntriesStore } from '../../../src/renderer/src/stores/entries';
import { resetPanesStore } from '../../../src/renderer/src/stores/panes';
import { resetSessionsStore } from '../../../src/renderer/src/stores/sessions';
import { resetUiStore } from '../../../src/renderer/src/stores/ui';
import { resetUsageStore } from '../../../src/renderer/src/stores/usage';

/** Every renderer store back to its start, as a fresh window has them. */
export function resetStores(): void {
  resetAppStore();
  resetEntriesStore();
  resetPanesStore();
  resetSessionsStore();
  resetSearch();
  resetSnippetRequests();
  resetSearchSnippetsStore();
  resetUiStore();
  resetNotificationsStore();
  resetUsageStore();
}
