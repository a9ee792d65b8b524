import { useEffect, useState } from 'react';
import { loadRepoInfo, type RepoInfo } from './actions';

/** How long typing in the Folder field rests before main is asked about the folder. */
const SETTLE_MS = 250;

/** The repository around `folder` (asked again as the folder changes; the newest answer wins); null until known. */
export function useRepoInfo(folder: string): { folder: string; info: RepoInfo } | null {
  const [known, setKnown] = useState<{ folder: string; info: RepoInfo } | null>(null);
  useEffect(() => {
    const asked = folder.trim();
    if (!asked) return;
    let live = true;
    const timer = setTimeout(() => {
      void loadRepoInfo(asked).then((info) => {
        if (live && info) setKnown({ folder: asked, info });
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [folder]);
  return known && known.folder === folder.trim() ? known : null;
}
