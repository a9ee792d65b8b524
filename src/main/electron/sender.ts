import type { InvokeEventLike } from '../transport/electron-ipc';
import { isTrustedSender, type SenderFacts } from './policy';

/**
 * Read the trust facts off an invoke event. `senderFrame` is null (or its
 * getters throw) once the frame navigated or was disposed; that is untrusted.
 */
export function senderFactsOf(event: InvokeEventLike): SenderFacts {
  try {
    const frame = event.senderFrame;
    return {
      webContentsId: event.sender.id,
      // A frame of that webContents with no parent is its top frame (not an iframe).
      isMainFrame: frame !== null && frame.parent === null,
      frameUrl: frame === null ? null : frame.url,
    };
  } catch {
    return { webContentsId: event.sender.id, isMainFrame: false, frameUrl: null };
  }
}

/** The trust check the IPC transport runs per message, bound to our window. */
export function trustOnlyWindow(ourWebContentsId: () => number | null): (event: InvokeEventLike) => boolean {
  return (event) => isTrustedSender(senderFactsOf(event), ourWebContentsId());
}
