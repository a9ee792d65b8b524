import type { SessionListRow } from '../../../shared/domain/session';
import { folderName, relativeTime, rowSubtitle, sessionLabel } from '../label/sessionLabel';

/** The same heights as the React list's (`SessionList`): rows stay where they are when React takes over. */
const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 28;
/** Rows drawn at most: more than a tall window shows. */
const MAX_ROWS = 40;

/** The rows the window can show (each label costs the judge's time, on the first paint's path). */
function rowsInView(): number {
  const height = typeof window.innerHeight === 'number' && window.innerHeight > 0 ? window.innerHeight : MAX_ROWS * ROW_HEIGHT;
  return Math.min(MAX_ROWS, Math.ceil(height / ROW_HEIGHT) + 1);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A button that only holds a place (the early sidebar is inert). */
function placeholderButton(className: string, text: string): HTMLButtonElement {
  const button = el('button', className, text);
  button.type = 'button';
  button.tabIndex = -1;
  return button;
}

/** One plain row, the markup `SessionRowView` draws (label, subtitle line, time), without its handlers. */
function rowElement(row: SessionListRow, top: number, now: number): HTMLElement {
  const label = sessionLabel(row, now);
  const node = el('div', row.unread ? 'session-row is-unread' : 'session-row');
  node.dataset.earlyRow = row.id;
  node.style.cssText = `transform: translateY(${top}px); height: ${ROW_HEIGHT}px; padding-left: 4px`;
  const handle = placeholderButton('row-handle', '');
  handle.append(el('span', '', '⠿'));
  const text = el('div', 'row-text');
  const name = el('span', label.muted ? 'row-label muted' : 'row-label', label.text);
  name.title = label.text;
  const sub = el('span', row.status === 'waiting' ? 'row-sub waiting' : 'row-sub');
  sub.append(el('span', 'row-sub-text', rowSubtitle(row)), el('span', 'row-time', ` · ${relativeTime(row.updatedAt, now)}`));
  text.append(name, sub);
  node.append(handle, el('span', 'row-disclosure-space'), el('span', `status-dot status-${row.status}`), text);
  if (row.unread) node.append(el('span', 'unread-mark'));
  const more = placeholderButton('row-more', '');
  more.append(el('span', '', '⋯'));
  node.append(more);
  return node;
}

/** The list's contents: top-level rows (subagents sit under their parents once React draws them), pinned first under headers. */
function listElement(rows: readonly SessionListRow[], now: number): HTMLElement {
  const list = el('div', 'session-list');
  const topLevel = rows.filter((row) => row.parentId === null && !row.archived);
  const ordered = [...topLevel.filter((row) => row.pinned), ...topLevel.filter((row) => !row.pinned)].slice(0, rowsInView());
  const withHeaders = ordered.some((row) => row.pinned);
  let top = 0;
  let group: boolean | null = null;
  for (const row of ordered) {
    if (withHeaders && row.pinned !== group) {
      const header = el('div', 'group-header', row.pinned ? 'Pinned' : 'Sessions');
      header.style.cssText = `transform: translateY(${top}px); height: ${HEADER_HEIGHT}px`;
      list.append(header);
      top += HEADER_HEIGHT;
      group = row.pinned;
    }
    list.append(rowElement(row, top, now));
    top += ROW_HEIGHT;
  }
  list.style.height = `${top}px`;
  return list;
}

/** "Filter by folder" as `FolderFilter` draws it once it knows two folders or more (it sets the filters' height). */
function folderFilterElement(rows: readonly SessionListRow[]): HTMLSelectElement | null {
  const folders = [...new Set(rows.filter((row) => !row.archived).map((row) => row.folder))];
  if (folders.length < 2) return null;
  const select = el('select', 'folder-filter');
  select.tabIndex = -1;
  select.append(el('option', '', 'All folders'), ...folders.map((folder) => el('option', '', folderName(folder))));
  return select;
}

/**
 * Draw the first page's rows as plain DOM into the app's root, before React
 * and the app's code have run (`earlyBridge.ts`): the sidebar's frame with the
 * same classes, so the rows sit where React's will. Labels follow the same rule
 * as React's rows (`sessionLabel`: the title judged again, else the first line,
 * else facts). It is a picture: inert and hidden from assistive technology
 * (React's list, with its names, replaces it on its first commit, which clears
 * the root). Does nothing once anything is in the root, or for an empty swarm
 * (the app's own empty state says that).
 */
export function paintEarlyRows(root: HTMLElement | null, rows: readonly SessionListRow[], now: number): boolean {
  if (!root || root.firstChild !== null) return false;
  if (!rows.some((row) => row.parentId === null && !row.archived)) return false;
  const app = el('div', 'app');
  app.dataset.earlyPaint = '';
  app.setAttribute('aria-hidden', 'true');
  app.inert = true;
  const body = el('div', 'app-body');
  const sidebar = el('div', 'sidebar');
  const top = el('div', 'sidebar-top');
  const search = el('div', 'search');
  const input = el('input', '');
  input.type = 'search';
  input.placeholder = 'Search…';
  input.tabIndex = -1;
  search.append(input);
  top.append(placeholderButton('button primary new-session', 'New session'), search);
  const filters = el('div', 'sidebar-filters');
  const toggle = el('label', 'toggle');
  const box = el('input', '');
  box.type = 'checkbox';
  box.tabIndex = -1;
  toggle.append(box, 'Show archived');
  const folderFilter = folderFilterElement(rows);
  if (folderFilter) filters.append(folderFilter);
  filters.append(toggle);
  const scroller = el('div', 'session-scroller');
  scroller.append(listElement(rows, now));
  const footer = el('div', 'sidebar-footer');
  footer.append(placeholderButton('button settings-button', 'Settings'));
  sidebar.append(top, filters, scroller, footer);
  body.append(sidebar);
  app.append(body);
  root.append(app);
  return true;
}
