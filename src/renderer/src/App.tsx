import { ConfirmDeleteDialog } from './components/ConfirmDeleteDialog';
import { ConnectionBanner } from './components/ConnectionBanner';
import { LiveRegion } from './components/LiveRegion';
import { NewSessionDialog } from './components/NewSessionDialog';
import { PaneArea } from './components/PaneArea';
import { RowMenu } from './components/RowMenu';
import { Sidebar } from './components/Sidebar';
import { Toasts } from './components/Toasts';
import { SettingsDialog } from './features/settings/SettingsDialog';
import { useShortcuts } from './keyboard/shortcuts';
import { NowProvider } from './label/now';
import { useSessions } from './stores/sessions';

/** The whole window: the swarm list on the left, panes on the right. */
export function App({ now }: { now?: number }) {
  useShortcuts();
  // The swarm list appears whole: until the first list has arrived a quiet
  // placeholder stands in, so whoever sees "Sessions" also sees its rows.
  const loaded = useSessions((s) => s.loaded);
  return (
    <NowProvider fixed={now}>
      <div className="app">
        <ConnectionBanner />
        <div className="app-body">
          {loaded ? <Sidebar /> : <div className="sidebar" aria-busy="true" />}
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
