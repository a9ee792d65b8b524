import { ConfirmDeleteDialog } from './components/ConfirmDeleteDialog';
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

/** The whole window: the swarm list on the left, panes on the right. */
export function App({ now }: { now?: number }) {
  useShortcuts();
  return (
    <NowProvider fixed={now}>
      <div className="app">
        <ConnectionBanner />
        <HostBanner />
        <div className="app-body">
          <Sidebar />
          <PaneArea />
        </div>
        <RowMenu />
        <NewSessionDialog />
        <ConfirmDeleteDialog />
        <SettingsDialog />
        <Toasts />
        <LiveRegion />
      </div>
    </NowProvider>
  );
}
