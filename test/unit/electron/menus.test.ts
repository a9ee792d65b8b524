import { readFileSync } from 'node:fs';
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { contextMenuTemplate, viewMenu, type ContextFacts } from '../../../src/main/electron/menus';

const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
const plain: ContextFacts = { isEditable: false, selectionText: '', misspelledWord: '', dictionarySuggestions: [], editFlags: flags };
const roles = (items: MenuItemConstructorOptions[]) => items.map((i) => i.role ?? i.label ?? i.type);

describe('right-click menu (issue 29: no right-click copy or paste)', () => {
  it('selected text offers Copy; plain text offers nothing', () => {
    expect(roles(contextMenuTemplate({ ...plain, selectionText: 'npm run build' }, () => undefined))).toEqual(['copy']);
    expect(contextMenuTemplate(plain, () => undefined)).toEqual([]);
  });

  it('a text field offers Cut, Copy, Paste and Select All, enabled as the page allows', () => {
    const items = contextMenuTemplate({ ...plain, isEditable: true, editFlags: { ...flags, canPaste: false } }, () => undefined);
    expect(roles(items)).toEqual(['cut', 'copy', 'paste', 'separator', 'selectAll']);
    expect(items.map((i) => i.enabled)).toEqual([false, false, false, undefined, true]); // nothing selected, nothing to paste
  });

  it('a misspelled word offers its suggestions first (macOS), and picking one replaces it', () => {
    const replaced: string[] = [];
    const items = contextMenuTemplate({ ...plain, isEditable: true, misspelledWord: 'teh', dictionarySuggestions: ['the', 'tech'] }, (w) => replaced.push(w));
    expect(roles(items).slice(0, 3)).toEqual(['the', 'tech', 'separator']);
    (items[0]?.click as () => void)();
    expect(replaced).toEqual(['the']);
  });
});

describe('View menu (issue 29: Toggle DevTools in release builds)', () => {
  it('a release build has no developer tools item; development keeps the full role', () => {
    const release = viewMenu(true);
    const items = release.submenu as MenuItemConstructorOptions[];
    expect(items.map((i) => i.role).filter(Boolean)).not.toContain('toggleDevTools');
    expect(items.some((i) => i.role === 'viewMenu')).toBe(false);
    expect(viewMenu(false)).toEqual({ role: 'viewMenu' });
  });

  it('the entry and the window use them', () => {
    expect(readFileSync('src/main/index.ts', 'utf8')).toMatch(/viewMenu\(app\.isPackaged\)/);
    expect(readFileSync('src/main/index.ts', 'utf8')).not.toMatch(/role: 'viewMenu'/);
    expect(readFileSync('src/main/electron/window.ts', 'utf8')).toMatch(/webContents\.on\('context-menu', [\s\S]*contextMenuTemplate\(params/);
  });
});
