// First: opens the socket and asks for the swarm before the rest is evaluated.
import { bridge, early } from './earlyBridge';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { bootApp, refreshAfterReconnect } from './actions/boot';
import { setConnection } from './stores/ui';
import './styles/base.css';
import './styles/sidebar.css';
import './styles/pane.css';
import './styles/overlays.css';

if (bridge.problem) setConnection('refused', bridge.problem);
bridge.onStateChange((state, reconnected) => {
  setConnection(state);
  // Pushes sent while the socket was down are lost: fetch the swarm again.
  if (reconnected) void refreshAfterReconnect();
});
bootApp(bridge.api, early);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
