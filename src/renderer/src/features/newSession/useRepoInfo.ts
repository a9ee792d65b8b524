import { useEffect, useState } from 'react';
import type { HostName } from '../../../../shared/ipc/hosts';
import { loadRepoInfo, type RepoInfo } from './actions';

/** How long typing in the Folder field rests before main is asked about the folder. */
const SETTLE_MS = 250;

/** The repository around `folder` on `host` (asked again as either changes; the newest answer wins); null until known. */
export function useRepoInfo(folder: string, host: HostName | null = null): { folder: string; info: RepoInfo } | null {
  const [known, setKnown] = useState<{ folder: string; host: HostName | null; info: RepoInfo } | null>(null);
  useEffect(() => {
    const asked = folder.trim();
    if (!asked) return;
    let live = true;
    const timer = setTimeout(() => {
      void loadRepoInfo(asked, host).then((info) => {
        if (live && info) setKnown({ folder: asked, host, info });
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [folder, host]);
  return known && known.folder === folder.trim() && known.host === host ? known : null;
}
