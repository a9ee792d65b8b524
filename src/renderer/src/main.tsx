import { bridge, early } from './earlyBridge';
import { createRendererLogger } from './log';
import './styles/base.css';
import './styles/sidebar.css';
import './styles/pane.css';
import './styles/overlays.css';

// The entry is small: it opens the socket and asks for the swarm (earlyBridge),
// then loads React and the app, whose evaluation overlaps the server's work.
void import('./appStart').then(
  ({ startApp }) => startApp(bridge, early),
  (err: unknown) => {
    createRendererLogger('start').error('the app did not load', { err: String(err) });
    const root = document.getElementById('root');
    if (root) root.textContent = 'Swarmdesk could not load. Reload the page.';
  },
);
