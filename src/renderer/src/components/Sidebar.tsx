import { REORDER_HELP } from '../label/rowParts';
import { setShowArchived } from '../features/sessions/actions';
import { setGrouping, setSidebarCollapsed } from '../features/sidebar/layout';
import { useSessions } from '../stores/sessions';
import { useSidebarLayout } from '../stores/sidebarLayout';
import { setNewSessionOpen } from '../stores/ui';
import { SettingsButton } from '../features/settings/SettingsButton';
import { FolderFilter } from './FolderFilter';
import { SearchBox } from './SearchBox';
import { SessionList } from './SessionList';
import { SidebarResizer } from './SidebarResizer';

const HIDDEN = { visibility: 'hidden' } as const;

/** The page's one level-one heading, for those who move by headings: the app's name, heard, not shown. */
function AppHeading() {
  return <h1 className="visually-hidden">Swarmdesk</h1>;
}

/** The sidebar folded to a rail: one button brings it back (the width it had is kept). */
function CollapsedSidebar() {
  return (
    <nav className="sidebar is-collapsed" aria-label="Sessions">
      <AppHeading />
      <button type="button" className="sidebar-expand" aria-label="Show sidebar" title="Show sidebar" onClick={() => setSidebarCollapsed(false)}>
        <span aria-hidden="true">»</span>
      </button>
    </nav>
  );
}

export function Sidebar() {
  const showArchived = useSessions((s) => s.showArchived);
  const loaded = useSessions((s) => s.loaded);
  const width = useSidebarLayout((s) => s.width);
  const collapsed = useSidebarLayout((s) => s.collapsed);
  const grouping = useSidebarLayout((s) => s.grouping);
  if (collapsed) return <CollapsedSidebar />;
  // Mounted (and laid out) while the swarm is on its way, so its arrival only
  // draws rows. Hidden until then, from sight and from assistive technology,
  // so whoever finds "Sessions" also finds its rows.
  const style = { '--sidebar-w': `${width}px`, ...(loaded ? {} : HIDDEN) };
  return (
    <nav className="sidebar" aria-label="Sessions" aria-busy={loaded ? undefined : true} style={style}>
      <AppHeading />
      <div className="sidebar-top">
        <button type="button" className="button primary new-session" onClick={() => setNewSessionOpen(true)} data-new-session-trigger>
          New session
        </button>
        <SearchBox />
      </div>
      <div className="sidebar-filters">
        <FolderFilter />
        <label className="toggle">
          <input type="checkbox" checked={grouping === 'project'} onChange={(e) => setGrouping(e.target.checked ? 'project' : 'recency')} />
          By project
        </label>
        <label className="toggle">
          <input type="checkbox" checked={showArchived} onChange={(e) => void setShowArchived(e.target.checked)} />
          Show archived
        </label>
      </div>
      <SessionList />
      <div className="sidebar-footer">
        <SettingsButton />
        <button type="button" className="button sidebar-collapse" aria-label="Hide sidebar" title="Hide sidebar" onClick={() => setSidebarCollapsed(true)}>
          <span aria-hidden="true">«</span>
        </button>
      </div>
      <SidebarResizer />
      {/* What a row's keyboard reordering is (each row is described by it), inside the landmark. */}
      <p id="reorder-help" className="visually-hidden">
        {REORDER_HELP}
      </p>
    </nav>
  );
}
