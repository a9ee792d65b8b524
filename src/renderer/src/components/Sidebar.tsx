import { setShowArchived } from '../features/sessions/actions';
import { useSessions } from '../stores/sessions';
import { setNewSessionOpen } from '../stores/ui';
import { SettingsButton } from '../features/settings/SettingsButton';
import { FolderFilter } from './FolderFilter';
import { SearchBox } from './SearchBox';
import { SessionList } from './SessionList';

const HIDDEN = { visibility: 'hidden' } as const;

export function Sidebar() {
  const showArchived = useSessions((s) => s.showArchived);
  const loaded = useSessions((s) => s.loaded);
  // Mounted (and laid out) while the swarm is on its way, so its arrival only
  // draws rows. Hidden until then, from sight and from assistive technology,
  // so whoever finds "Sessions" also finds its rows.
  return (
    <nav className="sidebar" aria-label="Sessions" aria-busy={loaded ? undefined : true} style={loaded ? undefined : HIDDEN}>
      <div className="sidebar-top">
        <button type="button" className="button primary new-session" onClick={() => setNewSessionOpen(true)} data-new-session-trigger>
          New session
        </button>
        <SearchBox />
      </div>
      <div className="sidebar-filters">
        <FolderFilter />
        <label className="toggle">
          <input type="checkbox" checked={showArchived} onChange={(e) => void setShowArchived(e.target.checked)} />
          Show archived
        </label>
      </div>
      <SessionList />
      <div className="sidebar-footer">
        <SettingsButton />
      </div>
    </nav>
  );
}
