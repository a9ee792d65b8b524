import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { SessionListRow } from '../../../shared/domain/session';
import type { AcpAgentInfo } from '../../../shared/ipc/acp';
import { loadAcpAgents } from '../features/acp/actions';
import { useAcp } from '../features/acp/store';
import {
  archiveSession,
  continueSessionIn,
  regenerateTitle,
  releaseTitle,
  setPinned,
  unarchiveSession,
} from '../features/sessions/actions';
import { useNow } from '../label/now';
import { sessionLabel } from '../label/sessionLabel';
import { setGroupReordered } from '../features/sidebar/layout';
import { openSession } from '../stores/panes';
import { groupOfRow } from '../stores/sessionView';
import { useSessions } from '../stores/sessions';
import { useSidebarLayout } from '../stores/sidebarLayout';
import { askToDelete, closeMenu, startRename, useUi, type MenuSource } from '../stores/ui';
import { continueInItems } from './continueInItems';
import { loadTitleAutomatic, openTitleHistory, setTitleAutomatic } from '../features/titles/actions';
import { useTitleSteer } from '../features/titles/store';

interface MenuItem {
  label: string;
  run: () => void;
  danger?: boolean;
  /** A `menuitemcheckbox` with this state ("Title automatically"). */
  checked?: boolean;
}

/** Every item of the menu, plain or checkbox: arrow keys walk them all. */
const ITEMS = '[role="menuitem"], [role="menuitemcheckbox"]';

/** `reorderedGroup`: the group the row is drawn in, when the user reordered it by hand ("Sort by time" clears that). */
function itemsFor(row: SessionListRow, acpAgents: readonly AcpAgentInfo[], from: MenuSource, reorderedGroup: string | null, automatic: boolean): MenuItem[] {
  const id = row.id;
  const items: MenuItem[] = [
    { label: 'Open in new pane', run: () => openSession(id, { newPane: true }) },
    // The pane's menu renames in the pane's title, the row's in the row.
    { label: 'Rename', run: () => startRename(id, from) },
  ];
  if (row.titleSource === 'user' && row.titlePinned) items.push({ label: 'Let Swarmdesk title this', run: () => void releaseTitle(id) });
  items.push({ label: 'Regenerate title', run: () => void regenerateTitle(id) });
  items.push({ label: 'Title automatically', checked: automatic, run: () => void setTitleAutomatic(id, !automatic) });
  items.push({ label: 'Title history…', run: () => void openTitleHistory(id) });
  for (const c of continueInItems(row.kind, acpAgents)) items.push({ label: c.label, run: () => void continueSessionIn(id, c.kind, c.agent) });
  items.push({ label: row.pinned ? 'Unpin' : 'Pin', run: () => void setPinned(id, !row.pinned) });
  if (reorderedGroup !== null) items.push({ label: 'Sort by time', run: () => setGroupReordered(reorderedGroup, false) });
  items.push(
    row.archived
      ? { label: 'Unarchive', run: () => void unarchiveSession(id) }
      : { label: 'Archive', run: () => void archiveSession(id) },
  );
  items.push({ label: 'Delete…', run: () => askToDelete(id), danger: true });
  return items;
}

/** Return focus to the button that opened the menu: the row's "More actions" (if it is still on screen) or the pane's "Session actions". */
function focusTrigger(id: string, from: MenuSource): void {
  const attribute = from === 'pane' ? 'data-pane-menu-trigger' : 'data-menu-trigger';
  document.querySelector<HTMLElement>(`[${attribute}="${CSS.escape(id)}"]`)?.focus();
}

/**
 * The row menu: one `menu` for whichever row asked, placed by the button that
 * opened it (outside the virtual list so the list's clipping cannot cut it).
 */
export function RowMenu() {
  const now = useNow();
  const menu = useUi((s) => s.menu);
  const row = useSessions((s) => (menu ? s.byId[menu.sessionId] : undefined));
  const ref = useRef<HTMLDivElement>(null);
  const acpAgents = useAcp((s) => s.agents);
  const grouping = useSidebarLayout((s) => s.grouping);
  const reorderedGroups = useSidebarLayout((s) => s.reorderedGroups);
  const menuOpen = menu !== null;
  const menuSession = menu?.sessionId ?? null;
  // Drawn on (the default) until main says otherwise.
  const automatic = useTitleSteer((s) => (menuSession ? (s.automatic[menuSession] ?? true) : true));

  // "Title automatically" is the session's own option: asked each time its menu opens.
  useEffect(() => {
    if (menuSession) void loadTitleAutomatic(menuSession);
  }, [menuSession]);

  // "Continue in <ACP agent>" needs the agents found: asked the first time a menu opens (the dialog and Settings ask too).
  useEffect(() => {
    if (menuOpen && useAcp.getState().agents === null) void loadAcpAgents();
  }, [menuOpen]);

  useEffect(() => {
    if (!menu) return;
    ref.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!(e.target instanceof Element) || ref.current?.contains(e.target)) return;
      // The row's trigger toggles it (in its click handler); anything else closes it.
      if (menu.from === 'row' && e.target.closest(`[data-menu-trigger="${CSS.escape(menu.sessionId)}"]`)) return;
      closeMenu();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [menu]);

  if (!menu || !row) return null;
  // A row's menu offers "Sort by time" for the group it is drawn in, when the user reordered that group.
  const group = menu.from === 'row' ? groupOfRow(useSessions.getState().byId, row.id, grouping) : null;
  const items = itemsFor(row, acpAgents ?? [], menu.from, group !== null && reorderedGroups[group] ? group : null, automatic);
  const label = sessionLabel(row, now).text;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => entries[(i + entries.length) % entries.length]?.focus();
    if (e.key === 'ArrowDown') focusAt(at + 1);
    else if (e.key === 'ArrowUp') focusAt(at - 1);
    else if (e.key === 'Home') focusAt(0);
    else if (e.key === 'End') focusAt(entries.length - 1);
    else if (e.key === 'Escape') {
      closeMenu();
      focusTrigger(row.id, menu.from);
    } else if (e.key === 'Tab') closeMenu();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  // Keep the menu on screen.
  const left = Math.max(8, Math.min(menu.x, window.innerWidth - 220));
  const top = Math.max(8, Math.min(menu.y + 4, window.innerHeight - items.length * 30 - 16));

  return (
    <div ref={ref} role="menu" aria-label={`Actions for ${label}`} className="menu" style={{ left, top }} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
          aria-checked={item.checked}
          tabIndex={-1}
          className={item.danger ? 'menu-item danger' : 'menu-item'}
          onClick={() => {
            closeMenu();
            item.run();
            // A dialog or field that opens takes the keyboard; otherwise it goes back to the menu's button.
            if (!['Rename', 'Delete…', 'Open in new pane', 'Title history…'].includes(item.label)) focusTrigger(row.id, menu.from);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
