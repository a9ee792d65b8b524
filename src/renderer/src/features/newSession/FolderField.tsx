import { useId, useState, type KeyboardEvent } from 'react';
import type { HostName } from '../../../../shared/ipc/hosts';
import { pickFolder } from './actions';
import { useFolderSuggestions } from './useFolderSuggestions';
import type { FolderProblem } from './useFolderCheck';

interface Props {
  folder: string;
  onChange: (folder: string) => void;
  /** The remote host it is on (null: this machine). */
  host: HostName | null;
  /** The OS folder picker exists (desktop app); it browses this machine only. */
  canBrowse: boolean;
  problem: FolderProblem | null;
  /** A refusal from Create, said elsewhere, that the field is described by. */
  errorId: string | null;
}

/**
 * The New session dialog's `textbox` "Folder" (SPEC §7.1), checked as typed (its problem an `alert`
 * under it), with suggestions as the user types: a `listbox` "Folder suggestions" under it (↓/↑ move,
 * Enter takes one, Escape closes the list; the field stays a textbox with `aria-autocomplete="list"`).
 * "Browse…" is this machine's picker: for a remote host a line says to type the folder there.
 */
export function FolderField({ folder, onChange, host, canBrowse, problem, errorId }: Props) {
  const inputId = useId();
  const listId = useId();
  const problemId = useId();
  const remoteId = useId();
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useFolderSuggestions(folder, host, typing);
  const open = suggestions.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;
  const take = (path: string) => {
    onChange(path);
    setTyping(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open) {
      if (e.key === 'ArrowDown' && folder.trim()) setTyping(true);
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const last = suggestions.length - 1;
      if (e.key === 'ArrowDown') setActive((at) => (at >= last ? 0 : at + 1));
      else setActive((at) => (at <= 0 ? last : at - 1));
    } else if (e.key === 'Enter' && active >= 0 && suggestions[active] !== undefined) {
      e.preventDefault();
      take(suggestions[active]);
    } else if (e.key === 'Escape') {
      // Closes the list, not the dialog.
      e.preventDefault();
      e.stopPropagation();
      setTyping(false);
      setActive(-1);
    }
  };
  const describedBy = [problem ? problemId : errorId, host !== null ? remoteId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field folder-field">
      <label htmlFor={inputId}>Folder</label>
      <div className="folder-row">
        <div className="folder-input">
          <input
            id={inputId}
            type="text"
            value={folder}
            spellCheck={false}
            autoComplete="off"
            aria-autocomplete="list"
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            aria-invalid={problem || errorId ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              onChange(e.target.value);
              setTyping(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setTyping(false);
              setActive(-1);
            }}
          />
          {open ? (
            <ul id={listId} role="listbox" aria-label="Folder suggestions" className="folder-suggestions">
              {suggestions.map((path, i) => (
                <li
                  key={path}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'is-active' : undefined}
                  // Taken on mouse down, before the field's blur closes the list.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    take(path);
                  }}
                >
                  {path}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {canBrowse && host === null ? (
          <button
            type="button"
            className="button"
            onClick={() =>
              void pickFolder(folder).then((picked) => {
                if (picked !== null) onChange(picked);
              })
            }
          >
            Browse…
          </button>
        ) : null}
      </div>
      {host !== null ? (
        <p id={remoteId} className="field-hint">
          A folder on {host} (~ is its home).{canBrowse ? ' Browse… picks folders on this machine only.' : ''}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} role="alert" className="field-error">
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}
