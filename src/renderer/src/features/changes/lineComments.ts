/*
 * The diff library draws a "+" button per changed line, shown on hover and pressed with the mouse only
 * (it listens for mousedown). Here each gets its name, "Comment on line N", and the keyboard: Enter or
 * Space on it does what its mousedown does; only one per line and side is a tab stop.
 */

/** The line a widget button stands for, from the line-number cell of its row and side. */
function lineOf(button: HTMLElement): number | null {
  const cell = button.closest('td');
  const row = button.closest('tr');
  if (!cell || !row) return null;
  const own = cell.querySelector('[data-line-num]');
  const side = cell.getAttribute('data-side') ?? (cell.className.includes('-old-') ? 'old' : cell.className.includes('-new-') ? 'new' : null);
  const num =
    own ??
    (side ? row.querySelector(`td[data-side="${side}"] [data-line-num], .diff-line-${side}-num [data-line-num]`) : null) ??
    row.querySelector('[data-line-num]');
  const n = Number(num?.textContent ?? '');
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Names every widget button under `root` and leaves one tab stop per line and side. */
export function labelLineButtons(root: HTMLElement): void {
  const seen = new Set<string>();
  for (const button of root.querySelectorAll<HTMLButtonElement>('button.diff-add-widget')) {
    const line = lineOf(button);
    if (line === null) continue;
    const side = button.parentElement?.getAttribute('data-add-widget') ?? '';
    const key = `${String(line)}:${side}:${String(button.closest('tr')?.rowIndex ?? '')}`;
    const name = `Comment on line ${String(line)}`;
    if (button.getAttribute('aria-label') !== name) button.setAttribute('aria-label', name);
    button.type = 'button';
    button.tabIndex = seen.has(key) ? -1 : 0;
    seen.add(key);
  }
}

/** Enter or Space on a widget button opens its comment field, as the library's mousedown does (Shift: a range). */
export function pressLineButton(e: KeyboardEvent | React.KeyboardEvent): void {
  const target = e.target as HTMLElement;
  if (!target.classList.contains('diff-add-widget') || (e.key !== 'Enter' && e.key !== ' ')) return;
  e.preventDefault();
  target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, shiftKey: e.shiftKey }));
}
