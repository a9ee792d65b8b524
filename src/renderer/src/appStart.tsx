import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { bootApp, refreshAfterReconnect } from './boot/boot';
import type { EarlyStart } from './boot/earlyStart';
import { actOnEarlyRowsWhenReplaced } from './boot/earlyTakeover';
import type { Bridge } from './bridge';
import { restoreSidebarLayout } from './features/sidebar/layout';
import { setConnection } from './stores/ui';

/** The app proper: stores, pushes, React. Loaded by main.tsx once the early start is under way. */
export function startApp(bridge: Bridge, early: EarlyStart): void {
  if (bridge.problem) setConnection('refused', bridge.problem);
  bridge.onStateChange((state, reconnected) => {
    setConnection(state);
    // Pushes sent while the socket was down are lost: fetch the swarm again.
    if (reconnected) void refreshAfterReconnect();
  });
  bootApp(bridge.api, early);
  // Before the first render: the sidebar is drawn at the width the user left it.
  restoreSidebarLayout();

  const root = document.getElementById('root');
  if (root) {
    // A click or key on a row drawn before React is done once React's rows replace them.
    actOnEarlyRowsWhenReplaced(root);
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}
