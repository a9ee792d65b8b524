import { useEffect, useRef } from 'react';
import { runUndo } from '../features/sessions/actions';
import { dismissToast, useUi, type Toast } from '../stores/ui';

/** How long a toast stays; an undo toast a little longer. The timers live here, never in a store. */
export const TOAST_MS = 6_000;
export const UNDO_TOAST_MS = 10_000;

function ToastView({ toast }: { toast: Toast }) {
  const hovered = useRef(false);
  useEffect(() => {
    const ms = toast.undo ? UNDO_TOAST_MS : TOAST_MS;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      timer = setTimeout(() => (hovered.current ? arm() : dismissToast(toast.id)), ms);
    };
    arm();
    return () => clearTimeout(timer);
  }, [toast.id, toast.undo]);

  return (
    <div
      className={toast.tone === 'error' ? 'toast error' : 'toast'}
      onMouseEnter={() => (hovered.current = true)}
      onMouseLeave={() => (hovered.current = false)}
    >
      <span className="toast-text">{toast.message}</span>
      {toast.undo ? (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            const undo = toast.undo;
            dismissToast(toast.id);
            if (undo) void runUndo(undo);
          }}
        >
          Undo
        </button>
      ) : null}
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
