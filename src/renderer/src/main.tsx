import { bridge, early } from './earlyBridge';
import { socketSettled } from './boot/socketSettled';
import { createRendererLogger } from './log';
import { quietAnimationEvents } from './boot/quietAnimationEvents';
import './styles/base.css';
import './styles/sidebar.css';
import './styles/pane.css';
import './styles/overlays.css';

// The entry is small: it opens the socket and asks for the first page (earlyBridge). Once the socket
// is ready (those requests are on the wire) it evaluates the early rows' code (boot/earlyGate, with
// the label rules: 0.1-0.35 s, its own chunk, preloaded by index.html) while the server answers, and
// that draws the first page's rows before React; then React and the app run (fetched meanwhile too).
// Evaluated in the entry, the label rules held the socket's open event, and so the hello, behind them.
quietAnimationEvents();
const root = (): HTMLElement | null => document.getElementById('root');
const appMayStart = socketSettled(bridge).then((ready) =>
  ready
    ? import('./boot/earlyGate').then(
        ({ earlyPaintGate }) => earlyPaintGate(bridge, early, root),
        // Without the early rows the app starts at once and draws the list itself.
        () => undefined,
      )
    : undefined,
);
void appMayStart.then(() => import('./appStart')).then(
  ({ startApp }) => startApp(bridge, early),
  (err: unknown) => {
    createRendererLogger('start').error('the app did not load', { err: String(err) });
    const el = root();
    if (el) el.textContent = 'Swarmdesk could not load. Reload the page.';
  },
);
