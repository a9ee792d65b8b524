import { useUi } from '../stores/ui';

/** Screen-reader announcements (reorder steps and the like); the reorder instructions are in the sidebar. */
export function LiveRegion() {
  const announcement = useUi((s) => s.announcement);
  return (
    <div className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="announcer">
      <span key={announcement.seq}>{announcement.text}</span>
    </div>
  );
}
