import { setShowArchived, useSessions } from '../stores/sessions';
import { setNewSessionOpen } from '../stores/ui';
import { SettingsButton } from '../features/settings/SettingsButton';
import { FolderFilter } from './FolderFilter';
import { SearchBox } from './SearchBox';
import { SessionList } from './SessionList';

export function Sidebar() {
  const showArchived = useSessions((s) => s.showArchived);
  return (
    <nav className="sidebar" aria-label="Sessions">
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
