import { useEffect, useId, useRef, useState } from 'react';
import type { SessionId } from '../../../shared/domain/session';
import { saveRename } from '../features/sessions/actions';
import { cancelRename, useUi } from '../stores/ui';

/**
 * Inline rename: `textbox` "Session title". Enter saves, Escape cancels, and a
 * title main refuses (TITLE_REJECTED) keeps the field open with the reason in
 * an `alert`. Leaving the field saves a changed title, like a file manager.
 */
export function RenameField({ sessionId, initial, placeholder }: { sessionId: SessionId; initial: string; placeholder: string }) {
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
