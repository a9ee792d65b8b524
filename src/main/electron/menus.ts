import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';

/** The facts of a right click the menu is built from. */
export type ContextFacts = Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'misspelledWord' | 'dictionarySuggestions'> & {
  readonly editFlags: Pick<ContextMenuParams['editFlags'], 'canCut' | 'canCopy' | 'canPaste' | 'canSelectAll'>;
};

/**
 * The right-click menu where the page has none of its own: spelling
 * suggestions (macOS), then Cut / Copy / Paste / Select All as the page
 * allows them. Empty (no menu) on plain, unselected, uneditable text.
 * Roles only: Chromium does the editing, nothing reaches the host.
 */
export function contextMenuTemplate(facts: ContextFacts, replaceMisspelling: (word: string) => void): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [];
  if (facts.isEditable && facts.misspelledWord !== '' && facts.dictionarySuggestions.length > 0) {
    for (const word of facts.dictionarySuggestions.slice(0, 5)) items.push({ label: word, click: () => replaceMisspelling(word) });
    items.push({ type: 'separator' });
  }
  const hasSelection = facts.selectionText.trim() !== '';
  if (facts.isEditable) {
    items.push({ role: 'cut', enabled: facts.editFlags.canCut && hasSelection });
    items.push({ role: 'copy', enabled: facts.editFlags.canCopy && hasSelection });
    items.push({ role: 'paste', enabled: facts.editFlags.canPaste });
    items.push({ type: 'separator' }, { role: 'selectAll', enabled: facts.editFlags.canSelectAll });
  } else if (hasSelection) {
    items.push({ role: 'copy', enabled: facts.editFlags.canCopy });
  }
  return items;
}

/**
 * The View menu: Electron's `viewMenu` role less Toggle Developer Tools in a
 * release build (the window has none there; the item would only confuse).
 */
export function viewMenu(packaged: boolean): MenuItemConstructorOptions {
  if (!packaged) return { role: 'viewMenu' };
  return {
    label: 'View',
    submenu: [{ role: 'reload' }, { role: 'forceReload' }, { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
  };
}
