import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFocusKept } from './useFocusKept';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal `dialog` (or `alertdialog`) named by its heading: focus moves in,
 * stays in (Tab wraps, and a control that goes away under it hands it on: `useFocusKept`), Escape
 * closes, and focus returns where it was.
 */
export function Modal({
  title,
  role = 'dialog',
  onClose,
  children,
  initialFocus,
}: {
  title: string;
  role?: 'dialog' | 'alertdialog';
  onClose: () => void;
  children: ReactNode;
  /** A selector inside the dialog to focus first. */
  initialFocus?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusKept(ref, FOCUSABLE);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    const first = (initialFocus ? root?.querySelector<HTMLElement>(initialFocus) : null) ?? root?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      // Only hand focus back if nothing else took it meanwhile (e.g. a new session's composer).
      const active = document.activeElement;
      const stillOurs = !active || active === document.body || (root?.contains(active) ?? false);
      if (stillOurs && previous?.isConnected) previous.focus();
    };
  }, [initialFocus]);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        className="modal"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onClose();
            return;
          }
          if (e.key !== 'Tab') return;
          const focusable = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
          const first = focusable[0];
          const last = focusable[focusable.length - 1];
          if (!first || !last) return;
          if (e.shiftKey && document.activeElement === first) {
            e.preventDefault();
            last.focus();
          } else if (!e.shiftKey && document.activeElement === last) {
            e.preventDefault();
            first.focus();
          }
        }}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
