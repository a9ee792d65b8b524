import { useSyncExternalStore } from 'react';
import { currentColorScheme, watchColorScheme, type ColorScheme } from '../../colorScheme';

/** The app's look (the theme chosen in Settings, else the OS), as the CSS tokens take it. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore((onChange) => watchColorScheme(onChange), currentColorScheme, () => 'light');
}
