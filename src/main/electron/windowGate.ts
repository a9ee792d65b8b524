/**
 * No window before the IPC handlers exist (issue 29): `second-instance` and
 * `activate` can fire during start-up (macOS sends `activate` on a first
 * launch), and a page that loads first calls channels nobody answers yet ("No
 * handler registered"). Asks before `open()` are remembered and become one
 * window when the handlers are in place; after that each ask shows it at once.
 */
export interface WindowGate {
  /** Show the window now, or once the gate opens. */
  request(): void;
  /** The handlers exist: show the window (once) and pass every later request through. */
  open(): void;
  readonly isOpen: boolean;
}

export function createWindowGate(showWindow: () => void): WindowGate {
  let open = false;
  return {
    request() {
      if (open) showWindow();
      // Before the gate opens there is nothing to remember but "show it": open() always does.
    },
    open() {
      if (open) return;
      open = true;
      showWindow();
    },
    get isOpen() {
      return open;
    },
  };
}
