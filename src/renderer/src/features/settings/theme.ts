import type { Theme } from '../../../../shared/ipc/settings';

/**
 * The look the user chose, on `<html data-theme>`: the CSS tokens (`styles/base.css`) honour `light` and
 * `dark` over the OS; `system` removes the attribute, so `prefers-color-scheme` decides again.
 */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** The theme in effect on the page now (what `applyTheme` last set). */
export function appliedTheme(): Theme {
  const value = document.documentElement.dataset.theme;
  return value === 'light' || value === 'dark' ? value : 'system';
}
