import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { SessionId } from '../../../shared/domain/session';
import { saveRename } from '../features/sessions/actions';
import { cancelRename, useUi } from '../stores/ui';

/**
 * Inline rename: `textbox` "Session title". Enter saves, Escape cancels, and a
 * title main refuses (TITLE_REJECTED) keeps the field open with the reason in
 * an `alert`. Leaving the field saves a changed title, like a file manager.
 * Closed while it has focus (Escape, Enter saved), it hands focus back to where it was before the field
 * opened (the row, the pane's title, the composer F2 was pressed in), else to `returnFocusTo()` (the row,
 * the title), instead of letting it fall to the page, where Escape and the arrows reach nothing.
 */
export function RenameField({
  sessionId,
  initial,
  placeholder,
  returnFocusTo,
}: {
  sessionId: SessionId;
  initial: string;
  placeholder: string;
  /** Where focus goes once the field is gone, looked up after it is (the element may be drawn anew). */
  returnFocusTo: () => HTMLElement | null;
}) {
  const [value, setValue] = useState(initial);
  const error = useUi((s) => (s.renaming?.sessionId === sessionId ? s.renaming.error : null));
  const saving = useUi((s) => s.renaming?.sessionId === sessionId && s.renaming.saving);
  const inputRef = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  const errorId = useId();

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  // The latest lookup, read once the field is gone.
  const returnRef = useRef(returnFocusTo);
  useLayoutEffect(() => {
    returnRef.current = returnFocusTo;
  });
  useLayoutEffect(() => {
    const input = inputRef.current;
    // Before the field takes focus (its effect runs after this one).
    const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    return () => {
      // Runs before the field leaves the page: still focused means it is closing under the user's keys
      // (focus elsewhere means they left it, and it stays where they put it).
      if (!input || document.activeElement !== input) return;
      queueMicrotask(() => {
        const active = document.activeElement;
        if (active && active !== document.body && active !== input) return;
        // Where it was, if that is still on the page (a menu item is not), else the row or the title.
        if (before?.isConnected && before.closest('[role="menu"]') === null) before.focus();
        else returnRef.current()?.focus();
      });
    };
  }, []);

  const save = () => {
    if (saving) return;
    const title = value.trim();
    if (!title || title === initial.trim()) {
      finished.current = true;
      cancelRename();
      return;
    }
    void saveRename(sessionId, title);
  };

  return (
    <span className="rename">
      <input
        ref={inputRef}
        className="rename-input"
        aria-label="Session title"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        placeholder={placeholder}
        maxLength={2000}
        readOnly={saving}
        aria-busy={saving || undefined}
        onChange={(e) => setValue(e.target.value)}
        onClick={(e) => e.stopPropagation()}
        onDoubleClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            finished.current = true;
            cancelRename();
          }
        }}
        onBlur={() => {
          // Keep a refused title open so its reason stays readable; otherwise leaving saves.
          if (finished.current || saving || error) return;
          save();
        }}
      />
      {error ? (
        <span role="alert" id={errorId} className="rename-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
