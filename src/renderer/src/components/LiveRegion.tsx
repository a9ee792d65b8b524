import { useUi } from '../stores/ui';

/** Screen-reader announcements (reorder steps and the like), plus the reorder instructions. */
export function LiveRegion() {
  const announcement = useUi((s) => s.announcement);
  return (
    <>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="announcer">
        <span key={announcement.seq}>{announcement.text}</span>
      </div>
      <p id="reorder-help" className="visually-hidden">
        Press Space to pick the session up, arrow keys to move it, Space to drop it, Escape to cancel.
      </p>
    </>
  );
}
