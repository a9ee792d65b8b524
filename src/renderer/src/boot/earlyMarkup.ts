import type { SessionListRow } from '../../../shared/domain/session';
import { relativeTime, sessionLabel, unsavedText } from '../label/sessionLabel';
import { rowAccessibleName, rowLabelText, rowStatus } from '../label/rowParts';
import { fitText } from '../label/fitText';
import { rowActivity } from '../label/alike';
import type { GroupHeader, VisibleRow } from '../stores/sessionView';

/*
 * The sidebar's markup as plain DOM, element for element and class for class what React draws
 * (`SessionRowView`, `GroupHeading`, `Sidebar`) on its first commit. The rows are list items named
 * as React names them (SPEC §7.1, `rowAccessibleName`); their buttons and the headings are places
 * held, hidden from assistive technology (`earlyPaint.ts` listens to them). A change to those
 * components' markup belongs here too; test/renderer/earlyPaint.test.tsx compares the two.
 */

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A button that only holds a place. */
export function inertButton(className: string, text = ''): HTMLButtonElement {
  const button = el('button', className, text);
  button.type = 'button';
  button.tabIndex = -1;
  return button;
}

/** An `aria-hidden` glyph in a button, as React's rows draw them; the button itself hidden too (a click on it is the row's, `earlyPaint.ts`). */
function glyphButton(className: string, glyph: string): HTMLButtonElement {
  const button = inertButton(className);
  button.setAttribute('aria-hidden', 'true');
  button.append(el('span', '', glyph));
  return button;
}

/** Where a row sits in the list, as `SessionList` tells React's rows. */
export interface RowPlace {
  top: number;
  height: number;
  /** 1-based, among the rows drawn from the page. */
  position: number;
  setSize: number;
  /** The one row Tab reaches (React's: the first row while no pane is focused). */
  tabStop: boolean;
}

/** One row as `SessionRowView` draws it on the first commit (no pane open, no rename, no changes badge or hosts' states yet). */
export function rowElement(row: SessionListRow, view: VisibleRow, place: RowPlace, now: number, tell: string | null = null): HTMLElement {
  const { top, height } = place;
  const label = sessionLabel(row, now);
  const status = rowStatus(row);
  const subtitle = rowActivity(row, rowLabelText(label));
  const unsaved = unsavedText(row.unsaved);
  const classes = ['session-row', row.unread ? 'is-unread' : '', row.archived ? 'is-archived' : ''].filter(Boolean).join(' ');
  const node = el('div', classes);
  node.dataset.earlyRow = row.id;
  node.setAttribute('role', 'listitem');
  // The same name as React's row (its host's state and changes are not known yet, nor on React's first commit).
  const facts = { spoken: status.spoken, host: row.host, hostNote: null, archived: row.archived, unsaved, pinned: row.pinned, unread: row.unread, childCount: view.childCount, changes: null };
  node.setAttribute('aria-label', rowAccessibleName(label.text, facts));
  node.setAttribute('aria-posinset', String(place.position));
  node.setAttribute('aria-setsize', String(place.setSize));
  node.setAttribute('aria-level', String(view.depth + 1));
  node.tabIndex = place.tabStop ? 0 : -1;
  node.style.transform = `translateY(${top}px)`;
  node.style.height = `${height}px`;
  node.style.paddingLeft = `${4 + view.depth * 18}px`;
  node.append(glyphButton('row-handle', '⠿'));
  node.append(view.childCount > 0 ? glyphButton('row-disclosure', view.collapsed ? '▸' : '▾') : el('span', 'row-disclosure-space'));
  node.append(el('span', `status-dot status-${status.tone}`));
  const text = el('div', 'row-text');
  const line = el('span', 'row-line');
  const name = el('span', `row-label${label.muted ? ' muted derived' : ''}`);
  name.title = label.text;
  // Cut at a word to the row's width once laid out, as React's row is (label/fitText.ts).
  fitText(name, rowLabelText(label));
  line.append(name, el('span', 'row-time', relativeTime(row.updatedAt, now)));
  const sub = el('span', 'row-sub');
  // The hosts' states are not known yet: a remote row only names its host.
  sub.title = row.host ? `${status.spoken} · on ${row.host}` : status.spoken;
  if (row.archived) sub.append(el('span', 'row-archived', 'archived'));
  sub.append(el('span', `row-status status-text-${status.tone}`, status.word));
  if (row.host) sub.append(el('span', 'row-host', row.host));
  if (tell) sub.append(el('span', 'row-tell', tell));
  if (unsaved) sub.append(el('span', 'row-sub-text row-unsaved', unsaved));
  else if (subtitle) sub.append(el('span', 'row-sub-text', subtitle));
  text.append(line, sub);
  node.append(text);
  if (row.unread) node.append(el('span', 'unread-mark'));
  node.append(glyphButton('row-more', '⋯'));
  return node;
}

/** A group heading as `GroupHeading` draws it. */
export function headingElement(header: GroupHeader, top: number, height: number): HTMLElement {
  const node = el('div', 'group-header');
  node.dataset.group = header.group;
  node.style.transform = `translateY(${top}px)`;
  node.style.height = `${height}px`;
  const count = header.count === null ? null : el('span', 'group-count', String(header.count));
  if (!header.collapsible) {
    node.append(el('span', 'group-name', header.text));
    if (count) node.append(count);
    return node;
  }
  const toggle = inertButton('group-toggle');
  if (header.detail) toggle.title = header.detail;
  toggle.append(el('span', 'group-chevron', header.collapsed ? '▸' : '▾'), el('span', 'group-name', header.text), ' ');
  if (count) toggle.append(count);
  node.append(toggle);
  return node;
}

/** A checkbox toggle of the sidebar's filters ("By project", "Show archived"). */
export function toggleElement(text: string, checked: boolean): HTMLLabelElement {
  const label = el('label', 'toggle');
  const box = el('input');
  box.type = 'checkbox';
  box.checked = checked;
  box.tabIndex = -1;
  label.append(box, text);
  return label;
}
