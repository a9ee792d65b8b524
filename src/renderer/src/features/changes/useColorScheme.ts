import { useSyncExternalStore } from 'react';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const snapshot = (): 'light' | 'dark' => (typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

/** The app's look (it follows the OS, as the CSS tokens do). */
export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, snapshot, () => 'light');
}
