import { useId, useState, type ReactNode } from 'react';

/**
 * A note that is one line until opened (imported history: a rewind, context a tool injected
 * into a user turn). A real button with aria-expanded, so it is reachable and announced.
 */
export function FoldedNote({ className, summary, children }: { className: string; summary: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <div className={`entry folded-note ${className}`}>
      <button type="button" className="folded-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
        <span className="folded-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        {summary}
      </button>
      {open && (
        <div id={bodyId} className="collapsed-body">
          {children}
        </div>
      )}
    </div>
  );
}
