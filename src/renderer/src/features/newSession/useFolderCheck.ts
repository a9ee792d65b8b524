import { useEffect, useState } from 'react';
import type { HostName } from '../../../../shared/ipc/hosts';
import { checkFolder, type FolderCheck } from './actions';

/** How long typing in the Folder field rests before main is asked about the folder. */
const SETTLE_MS = 250;

/** What is wrong with the typed folder, in words; null while it is fine or not yet known. */
export interface FolderProblem {
  message: string;
}

/**
 * The Folder field's check (on `host`; null: this machine) as the user types: blank is said at once; anything else is asked of main
 * (debounced, the newest answer wins). Returns the problem with the folder as typed now, or null.
 */
export function useFolderCheck(folder: string, host: HostName | null = null): FolderProblem | null {
  const [known, setKnown] = useState<{ folder: string; host: HostName | null; check: FolderCheck } | null>(null);
  const asked = folder.trim();
  useEffect(() => {
    if (!asked) return;
    let live = true;
    const timer = setTimeout(() => {
      void checkFolder(asked, host).then((check) => {
        if (live && check) setKnown({ folder: asked, host, check });
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [asked, host]);
  if (!asked) return { message: 'Type the folder the session works in.' };
  if (known?.folder !== asked || known.host !== host || known.check.message === null) return null;
  return { message: known.check.message };
}
