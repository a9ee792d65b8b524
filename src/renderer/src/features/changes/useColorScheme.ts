import { useSyncExternalStore } from 'react';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  // The theme chosen in Settings changes `<html data-theme>`; the OS setting changes the query.
  const chosen = new MutationObserver(onChange);
  chosen.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  query?.addEventListener('change', onChange);
  return () => {
    chosen.disconnect();
    query?.removeEventListener('change', onChange);
  };
}

const snapshot = (): 'light' | 'dark' => {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
};

/** The app's look (the theme chosen in Settings, else the OS, as the CSS tokens do). */
export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, snapshot, () => 'light');
}
