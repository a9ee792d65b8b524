import type { SessionId, SessionListRow } from '../../../shared/domain/session';
import type { Result } from '../../../shared/result';
import { projectOf } from '../stores/projects';
import { buildListView, type GroupHeader, type VisibleRow } from '../stores/sessionView';
import { readSidebarLayout, SIDEBAR_LAYOUT_KEY, UNSAVED_WINDOW_STATE_KEY, type SidebarLayout } from '../stores/sidebarLayoutData';
import { REORDER_HELP } from '../label/rowParts';
import { recordEarlyFocus, recordEarlyIntent } from './earlyIntent';
import { el, headingElement, inertButton, rowElement, toggleElement } from './earlyMarkup';
import { alikeTells } from '../label/alike';

/** The same heights as the React list's (`SessionList`): rows stay where they are when React takes over. */
const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 28;
/** Drawn at most (more than a tall window shows): each label costs the judge's time, on the first paint's path. */
const MAX_ITEMS = 60;

function storedJson(key: string): unknown {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null; // refused storage, or not JSON: as the app reads it, nothing there
  }
}

function sidebarIn(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'sidebar' in value ? (value as { sidebar: unknown }).sidebar : null;
}

/**
 * The layout React's first commit will use (`features/sidebar/layout.ts`, `features/windowState`):
 * a change the core has not confirmed yet, else the core's copy (`ui:state`, asked for before the
 * list, so in by now), else this window's stored guess, else the default.
 */
export function earlyLayout(uiState: Result<unknown> | null): SidebarLayout {
  const unsaved = sidebarIn(storedJson(UNSAVED_WINDOW_STATE_KEY));
  if (unsaved) return readSidebarLayout(unsaved);
  const fromCore = uiState?.ok ? sidebarIn(uiState.value) : null;
  if (fromCore) return readSidebarLayout(fromCore);
  const local = storedJson(SIDEBAR_LAYOUT_KEY);
  return local ? readSidebarLayout(local) : readSidebarLayout(null);
}

/** The rows and headings of the list, as `SessionList` places them (headings between rows), from the top. */
function listItems(rows: readonly VisibleRow[], headers: readonly GroupHeader[]): Array<{ row: VisibleRow } | { header: GroupHeader }> {
  const items: Array<{ row: VisibleRow } | { header: GroupHeader }> = [];
  let h = 0;
  rows.forEach((row, i) => {
    for (; headers[h] && (headers[h] as GroupHeader).before <= i; h++) items.push({ header: headers[h] as GroupHeader });
    items.push({ row });
  });
  for (; h < headers.length; h++) items.push({ header: headers[h] as GroupHeader });
  return items;
}

/** The list (`session-scroller`): the same view, tops and height as React's; only the items in view are drawn. */
function scrollerElement(page: readonly SessionListRow[], layout: SidebarLayout, now: number): HTMLElement {
  const byId: Record<SessionId, SessionListRow> = {};
  const live = new Map<string, number>();
  for (const row of page) {
    byId[row.id] = row;
    if (!row.archived && !row.pinned) live.set(projectOf(row), (live.get(projectOf(row)) ?? 0) + 1);
  }
  const { rows, headers } = buildListView({
    byId,
    order: page.map((row) => row.id),
    showArchived: false,
    folder: null,
    searchIds: null,
    collapsed: {},
    grouping: layout.grouping,
    collapsedGroups: layout.collapsedGroups,
    reorderedGroups: layout.reorderedGroups,
    // As the store's tally counts the rows it holds: every row outside the archive and "Pinned", subagents too.
    countOf: (group) => (group === 'archived' ? 0 : (live.get(group.project) ?? 0)),
  });
  const scroller = el('div', 'session-scroller');
  const list = el('div', 'session-list');
  // As SessionList: the headings above the Tab stop (the first row, on the first commit) before the list, the rest after.
  const above = el('div', 'group-headings');
  // As `SessionList`'s: the list of sessions (SPEC §7.1), busy while the rest of the swarm is on its way.
  list.setAttribute('role', 'list');
  list.setAttribute('aria-label', 'Sessions');
  list.setAttribute('aria-busy', 'true');
  const headings = el('div', 'group-headings');
  // Places held: a click on one folds its group once React is there (`listen`); React's own headings are heard.
  for (const place of [above, headings]) place.setAttribute('aria-hidden', 'true');
  const bottom = typeof window.innerHeight === 'number' && window.innerHeight > 0 ? window.innerHeight : MAX_ITEMS * ROW_HEIGHT;
  let top = 0;
  let position = 0;
  const placed: { item: ReturnType<typeof listItems>[number]; top: number; height: number; position: number }[] = [];
  for (const item of listItems(rows, headers)) {
    const height = 'row' in item ? ROW_HEIGHT : HEADER_HEIGHT;
    if ('row' in item) position++;
    if (top < bottom && placed.length < MAX_ITEMS) placed.push({ item, top, height, position });
    top += height;
  }
  // Drawn rows that read alike say what differs, as React's list does (label/alike.ts).
  const tells = alikeTells(placed.flatMap(({ item }) => ('row' in item && byId[item.row.id] ? [byId[item.row.id] as SessionListRow] : [])), now);
  for (const { item, top: at, height, position: n } of placed) {
    if ('row' in item) list.append(rowElement(byId[item.row.id] as SessionListRow, item.row, { top: at, height, position: n, setSize: rows.length, tabStop: n === 1 }, now, tells.get(item.row.id) ?? null));
    else (list.firstChild ? headings : above).append(headingElement(item.header, at, height));
  }
  list.style.height = `${top}px`;
  listen(list, [above, headings]);
  scroller.append(above, list, headings);
  return scroller;
}

const rowOf = (target: EventTarget | null): HTMLElement | null => (target instanceof Element ? target.closest<HTMLElement>('[data-early-row]') : null);

/**
 * What is done to the early rows is kept for React's (`earlyIntent.ts`; `earlyTakeover.ts` acts once
 * React's rows are there), as React's rows would take it: a click opens the session (Ctrl/Cmd: in a new
 * pane), Enter too with the keyboard then in the composer, a double click or F2 renames it, "⋯", a right
 * click or the menu key open its menu, the arrows move between rows; a heading's click folds its group.
 */
function listen(list: HTMLElement, headingLists: readonly HTMLElement[]): void {
  list.addEventListener('click', (e) => {
    const row = rowOf(e.target);
    const id = row?.dataset.earlyRow;
    if (!id) return;
    const part = e.target instanceof Element ? e.target.closest('button') : null;
    if (part?.classList.contains('row-more')) recordEarlyIntent({ kind: 'menu', id, at: null });
    else if (part?.classList.contains('row-disclosure')) recordEarlyIntent({ kind: 'subagents', id });
    else if (!part) recordEarlyIntent({ kind: 'open', id, newPane: e.ctrlKey || e.metaKey, byKey: false });
  });
  list.addEventListener('dblclick', (e) => {
    const id = rowOf(e.target)?.dataset.earlyRow;
    if (id && !(e.target instanceof Element && e.target.closest('button'))) recordEarlyIntent({ kind: 'rename', id });
  });
  list.addEventListener('contextmenu', (e) => {
    const id = rowOf(e.target)?.dataset.earlyRow;
    if (!id) return;
    e.preventDefault();
    recordEarlyIntent({ kind: 'menu', id, at: { x: e.clientX, y: e.clientY } });
  });
  list.addEventListener('keydown', (e) => {
    const row = rowOf(e.target);
    const id = row?.dataset.earlyRow;
    if (!row || !id || e.target !== row) return;
    const plain = !e.altKey && !e.ctrlKey && !e.metaKey;
    if (e.key === 'Enter') {
      e.preventDefault();
      recordEarlyIntent({ kind: 'open', id, newPane: e.ctrlKey || e.metaKey, byKey: true });
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && plain) {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
      if (next instanceof HTMLElement) {
        row.tabIndex = -1;
        next.tabIndex = 0;
        next.focus();
      }
    } else if (e.key === 'F2') {
      e.preventDefault();
      recordEarlyIntent({ kind: 'rename', id });
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      const rect = row.getBoundingClientRect();
      recordEarlyIntent({ kind: 'menu', id, at: { x: rect.left + 24, y: rect.bottom } });
    }
  });
  list.addEventListener('focusin', (e) => recordEarlyFocus(rowOf(e.target)?.dataset.earlyRow ?? null));
  list.addEventListener('focusout', (e) => {
    const row = rowOf(e.target);
    // Focus that left for elsewhere is forgotten; a row removed with the keyboard on it (React taking over) is not.
    if (row && !rowOf(e.relatedTarget)) queueMicrotask(() => row.isConnected && recordEarlyFocus(null));
  });
  const onHeadingClick = (e: MouseEvent): void => {
    const heading = e.target instanceof Element ? e.target.closest<HTMLElement>('.group-header') : null;
    if (heading?.dataset.group && e.target instanceof Element && e.target.closest('.group-toggle')) recordEarlyIntent({ kind: 'group', group: heading.dataset.group });
  };
  for (const headings of headingLists) headings.addEventListener('click', onHeadingClick);
}

/**
 * Draw the first page's rows as plain DOM into the app's root, before React and the app's code
 * have run (`earlyBridge.ts`): the sidebar as React's first commit draws it (`earlyMarkup.ts`:
 * the same elements and classes; `buildListView`: the same groups, order and headings; the
 * same layout), so nothing moves when React takes over. Labels by the same rule as React's rows
 * (`sessionLabel`: the title judged again, else the first line, else facts; never a
 * placeholder). The rows are the list's items, named as React's (SPEC §7.1), and what is done
 * to them is done once React's first commit has replaced them (it clears the root;
 * `earlyTakeover.ts`); the other controls hold their places only (inert). Draws nothing once
 * anything is in the root, for an empty swarm (the app's own empty state says that) or a folded sidebar.
 */
export function paintEarlyRows(root: HTMLElement | null, page: readonly SessionListRow[], layout: SidebarLayout, now: number): boolean {
  if (!root || root.firstChild !== null || layout.collapsed) return false;
  if (!page.some((row) => !row.archived)) return false;
  const app = el('div', 'app');
  app.dataset.earlyPaint = '';
  const body = el('div', 'app-body');
  // The navigation "Sessions" holding the list "Sessions" (SPEC §7.1), as React's; the rest holds places.
  const sidebar = el('nav', 'sidebar');
  sidebar.setAttribute('aria-label', 'Sessions');
  sidebar.style.setProperty('--sidebar-w', `${layout.width}px`);
  const top = el('div', 'sidebar-top');
  const search = el('div', 'search');
  const input = el('input');
  input.type = 'search';
  input.placeholder = 'Search…';
  input.tabIndex = -1;
  search.append(input);
  top.append(inertButton('button primary new-session', 'New session'), search);
  const filters = el('div', 'sidebar-filters');
  // "Filter by folder" once the swarm holds two projects (`FolderFilter` holds its place from its first commit).
  if (new Set(page.map(projectOf)).size > 1) {
    const select = el('select', 'folder-filter');
    select.tabIndex = -1;
    select.append(el('option', '', 'All folders'));
    filters.append(select);
  }
  filters.append(toggleElement('By project', layout.grouping === 'project'), toggleElement('Show archived', false));
  const footer = el('div', 'sidebar-footer');
  const collapse = inertButton('button sidebar-collapse');
  collapse.append(el('span', '', '«'));
  footer.append(inertButton('button settings-button', 'Settings'), collapse);
  const resizer = el('div', 'sidebar-resizer');
  for (const place of [top, filters, footer, resizer]) {
    place.inert = true;
    place.setAttribute('aria-hidden', 'true');
  }
  // As `Sidebar` draws it, its hidden heading and reorder help included (only their ids and roles are React's).
  sidebar.append(el('h1', 'visually-hidden', 'Swarmdesk'), top, filters, scrollerElement(page, layout, now), footer, resizer, el('p', 'visually-hidden', REORDER_HELP));
  body.append(sidebar);
  app.append(body);
  root.append(app);
  return true;
}
