import { resetSearch } from '../../../src/renderer/src/features/sessions/actions';
import { resetSnippetRequests } from '../../../src/renderer/src/features/search/actions';
import { resetSearchSnippetsStore } from '../../../src/renderer/src/features/search/store';
import { resetNotificationsStore } from '../../../src/renderer/src/features/notifications/store';
import { resetSettings } from '../../../src/renderer/src/features/settings/store';
import { applyTheme } from '../../../src/renderer/src/features/settings/theme';
import { resetAppStore } from '../../../src/renderer/src/stores/app';
import { resetEntriesStore } from '../../../src/renderer/src/stores/entries';
import { resetPanesStore } from '../../../src/renderer/src/stores/panes';
import { resetSessionsStore } from '../../../src/renderer/src/stores/sessions';
import { resetSidebarLayoutStore } from '../../../src/renderer/src/stores/sidebarLayout';
import { resetUiStore } from '../../../src/renderer/src/stores/ui';
import { resetUsageStore } from '../../../src/renderer/src/stores/usage';
import { resetHostStore } from '../../../src/renderer/src/features/host/store';
import { resetHostView } from '../../../src/renderer/src/features/host/actions';
import { resetWindowState } from '../../../src/renderer/src/features/windowState/actions';
import { resetAcpStore } from '../../../src/renderer/src/features/acp/store';
import { resetHostsStore } from '../../../src/renderer/src/features/hosts/store';
import { resetTitleSteer } from '../../../src/renderer/src/features/titles/store';

/** Every renderer store back to its start, as a fresh window has them. */
export function resetStores(): void {
  resetAppStore();
  resetEntriesStore();
  resetPanesStore();
  resetSessionsStore();
  resetSidebarLayoutStore();
  resetSearch();
  resetSnippetRequests();
  resetSearchSnippetsStore();
  resetUiStore();
  resetNotificationsStore();
  resetUsageStore();
  resetSettings();
  resetWindowState();
  resetHostStore();
  resetHostView();
  resetAcpStore();
  resetHostsStore();
  resetTitleSteer();
  applyTheme('system');
  localStorage.clear(); // the panes and notices an earlier test left are not reopened or hidden
}
