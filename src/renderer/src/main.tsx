import { bridge, early } from './earlyBridge';
// After earlyBridge (modules are evaluated in import order): the socket is opening meanwhile.
import { earlyPaintGate } from './boot/earlyGate';
import { createRendererLogger } from './log';
import './styles/base.css';
import './styles/sidebar.css';
import './styles/pane.css';
import './styles/overlays.css';

// The entry is small: it opens the socket and asks for the first page (earlyBridge),
// draws the first page's rows before React (earlyGate), then runs React and the app
// (fetched meanwhile: index.html preloads the chunk) once they are on screen.
const appMayStart = earlyPaintGate(bridge, early, () => document.getElementById('root'));
void appMayStart.then(() => import('./appStart')).then(
  ({ startApp }) => startApp(bridge, early),
  (err: unknown) => {
    createRendererLogger('start').error('the app did not load', { err: String(err) });
    const root = document.getElementById('root');
    if (root) root.textContent = 'Swarmdesk could not load. Reload the page.';
  },
);
