import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { setSidebarWidth } from '../features/sidebar/layout';
import { SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH, setSidebarLayout, clampSidebarWidth, useSidebarLayout } from '../stores/sidebarLayout';

const STEP = 16;

/**
 * The sidebar's right edge: drag it, or focus it and use ←/→ (Shift: bigger steps), Home/End.
 * A `separator` with its value, so a screen reader says how wide the sidebar is.
 */
export function SidebarResizer() {
  const width = useSidebarLayout((s) => s.width);
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? STEP * 4 : STEP;
    const next: Record<string, number> = {
      ArrowLeft: width - step,
      ArrowRight: width + step,
      Home: SIDEBAR_MIN_WIDTH,
      End: SIDEBAR_MAX_WIDTH,
    };
    const to = next[e.key];
    if (to === undefined) return;
    e.preventDefault();
    setSidebarWidth(to);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startWidth: width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    // While dragging only the store changes; the width is saved once, on release.
    setSidebarLayout({ width: clampSidebarWidth(drag.current.startWidth + e.clientX - drag.current.startX) });
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
    setSidebarWidth(useSidebarLayout.getState().width);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize sidebar"
      aria-valuenow={width}
      aria-valuemin={SIDEBAR_MIN_WIDTH}
      aria-valuemax={SIDEBAR_MAX_WIDTH}
      tabIndex={0}
      className="sidebar-resizer"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    />
  );
}
