import { useEffect, useState } from 'react';
import type { HostName } from '../../../../shared/ipc/hosts';
import { loadFolderSuggestions } from './actions';

/** How long typing rests before main is asked for suggestions. */
const SETTLE_MS = 150;

/**
 * The folders the user may mean by what they typed (`sessions:folderSuggestions` on `host`; null:
 * this machine), asked once typing rests while `active` (the field has focus and was typed in); the
 * newest answer wins. Empty while inactive or unknown.
 */
export function useFolderSuggestions(folder: string, host: HostName | null, active: boolean): readonly string[] {
  const [known, setKnown] = useState<{ folder: string; host: HostName | null; folders: readonly string[] } | null>(null);
  useEffect(() => {
    if (!active || folder.trim() === '') return;
    let live = true;
    const timer = setTimeout(() => {
      void loadFolderSuggestions(folder, host).then((folders) => {
        if (live) setKnown({ folder, host, folders });
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [folder, host, active]);
  if (!active || known === null || known.folder !== folder || known.host !== host) return [];
  // A suggestion that is exactly what is typed says nothing new.
  return known.folders.length === 1 && known.folders[0] === folder.trim().replace(/\/+$/, '') ? [] : known.folders;
}
