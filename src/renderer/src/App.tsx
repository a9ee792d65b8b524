import { ConfirmDeleteDialog } from './components/ConfirmDeleteDialog';
import { TitleHistoryDialog } from './features/titles/TitleHistoryDialog';
import { ConnectionBanner } from './components/ConnectionBanner';
import { LiveRegion } from './components/LiveRegion';
import { PaneArea } from './components/PaneArea';
import { RowMenu } from './components/RowMenu';
import { Sidebar } from './components/Sidebar';
import { Toasts } from './components/Toasts';
import { HostBanner } from './features/host/HostBanner';
import { NewSessionDialog } from './features/newSession/NewSessionDialog';
import { SettingsDialog } from './features/settings/SettingsDialog';
import { useShortcuts } from './keyboard/shortcuts';
import { NowProvider } from './label/now';
import { useUi } from './stores/ui';

/** The whole window: the swarm list on the left, panes on the right. */
export function App({ now }: { now?: number }) {
  useShortcuts();
  const gone = useUi((s) => s.connection === 'gone');
  return (
    <NowProvider fixed={now}>
      <div className="app">
        <ConnectionBanner />
        <HostBanner />
        {/* With the server gone every control is disabled (the page can still be read): a fieldset that draws nothing. */}
        <fieldset className="app-controls" disabled={gone}>
          <div className="app-body">
            <Sidebar />
            <PaneArea />
          </div>
          <RowMenu />
          <NewSessionDialog />
          <ConfirmDeleteDialog />
          <TitleHistoryDialog />
          <SettingsDialog />
          <Toasts />
        </fieldset>
        <LiveRegion />
      </div>
    </NowProvider>
  );
}
