import { resetSearch } from '../../../src/renderer/src/features/sessions/actions';
import { OPEN_PANES_KEY } from '../../../src/renderer/src/features/panes/actions';
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
  resetUiStore();
  resetNotificationsStore();
  resetUsageStore();
  localStorage.removeItem(OPEN_PANES_KEY); // the panes an earlier test left open are not reopened
}
