/**
 * The look in effect, for what cannot read CSS (xterm.js's theme, the diff view's): the theme chosen in
 * Settings (`<html data-theme>`, set by `features/settings/theme.ts`), else the OS. The same rule as the
 * CSS tokens (`styles/base.css`: `color-scheme` from that attribute, every colour a `light-dark()`), so
 * nothing on the page follows the OS while the user chose a theme.
 */
export type ColorScheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function currentColorScheme(): ColorScheme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  if (typeof window.matchMedia !== 'function') return 'light';
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Calls `listener` whenever the look may have changed; returns the unsubscribe. */
export function watchColorScheme(listener: (scheme: ColorScheme) => void): () => void {
  const onChange = (): void => listener(currentColorScheme());
  // The theme chosen in Settings changes the attribute; the OS setting changes the query.
  const chosen = new MutationObserver(onChange);
  chosen.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  query?.addEventListener('change', onChange);
  return () => {
    chosen.disconnect();
    query?.removeEventListener('change', onChange);
  };
}
