import { markRead } from '../features/sessions/actions';
import { toggleGroup } from '../features/sidebar/layout';
import { openSession } from '../stores/panes';
import { openMenu, requestComposerFocus, startRename, toggleCollapsed } from '../stores/ui';
import { takeEarlyIntents, type EarlyIntent } from './earlyIntent';

/** Where the row menu opens from a row's "⋯", as `SessionRowView` places it. */
const MENU_WIDTH = 200;

function act(root: HTMLElement, intent: EarlyIntent): void {
  if (intent.kind === 'open') {
    openSession(intent.id, { newPane: intent.newPane });
    void markRead(intent.id);
    if (intent.byKey) requestComposerFocus(intent.id);
  } else if (intent.kind === 'menu') {
    const more = root.querySelector<HTMLElement>(`[data-menu-trigger="${CSS.escape(intent.id)}"]`);
    const rect = more?.getBoundingClientRect();
    const at = intent.at ?? (rect ? { x: rect.right - MENU_WIDTH, y: rect.bottom } : null);
    if (at) openMenu(intent.id, at.x, at.y);
  } else if (intent.kind === 'rename') startRename(intent.id);
  else if (intent.kind === 'subagents') toggleCollapsed(intent.id);
  else toggleGroup(intent.group);
}

/**
 * Once React's first commit has replaced the rows drawn before it (`earlyPaint.ts`), does what the user
 * did to them meanwhile, in order (`earlyIntent.ts`: a click opens that session, Enter opens it with the
 * keyboard in the composer, a double click or F2 renames it, "⋯" opens the row menu) and gives the keyboard to React's row for the early row that had
 * it. Nothing is lost between the first row seen and React's. Returns the stop (for a boot torn down).
 */
export function actOnEarlyRowsWhenReplaced(root: HTMLElement): () => void {
  const early = root.querySelector('[data-early-paint]');
  if (!early) return () => undefined;
  const observer = new MutationObserver(() => {
    if (early.isConnected) return;
    observer.disconnect();
    const { intents, focused } = takeEarlyIntents();
    for (const intent of intents) act(root, intent);
    // Removing the focused early row dropped the keyboard on the page: React's row takes it (unless the composer or title field is to).
    const dropped = document.activeElement === null || document.activeElement === document.body;
    const elsewhere = intents.some((intent) => (intent.kind === 'open' && intent.byKey) || intent.kind === 'rename');
    if (focused && dropped && !elsewhere) root.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(focused)}"]`)?.focus();
  });
  observer.observe(root, { childList: true });
  return () => observer.disconnect();
}
