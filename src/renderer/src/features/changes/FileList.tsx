import { useRef, type KeyboardEvent } from 'react';
import type { ChangedFile } from '../../../../shared/ipc/git';
import { changeName } from './format';

interface Props {
  files: readonly ChangedFile[];
  selected: string | null;
  onSelect: (path: string) => void;
  truncated: boolean;
}

/** The changed files, one list item each named "<path> +A −R"; arrows move, Enter or Space (or a click) shows the diff. */
export function FileList({ files, selected, onSelect, truncated }: Props) {
  const ref = useRef<HTMLUListElement>(null);
  const focusable = selected !== null && files.some((f) => f.path === selected) ? selected : (files[0]?.path ?? null);
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, index: number) => {
    const move = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : e.key === 'Home' ? -index : e.key === 'End' ? files.length - 1 - index : 0;
    if (move !== 0) {
      e.preventDefault();
      const items = ref.current?.querySelectorAll<HTMLLIElement>('li[data-path]');
      items?.[Math.max(0, Math.min(files.length - 1, index + move))]?.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(files[index]!.path);
    }
  };
  return (
    <div className="changes-files">
      <ul ref={ref} aria-label="Changed files" className="changes-list">
        {files.map((file, index) => (
          <li
            key={file.path}
            data-path={file.path}
            aria-label={changeName(file)}
            aria-current={file.path === selected ? 'true' : undefined}
            tabIndex={file.path === focusable ? 0 : -1}
            className={file.path === selected ? 'changes-file is-selected' : 'changes-file'}
            onClick={() => onSelect(file.path)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            <span className={`changes-status status-${file.untracked ? 'new' : file.status}`} aria-hidden="true">
              {file.untracked ? 'U' : file.status.charAt(0).toUpperCase()}
            </span>
            <span className="changes-path" title={file.oldPath ? `${file.oldPath} → ${file.path}` : file.path}>
              {file.path}
            </span>
            <span className="changes-file-counts" aria-hidden="true">
              {file.binary ? (
                'binary'
              ) : file.added === null ? (
                '…'
              ) : (
                <>
                  <span className="changes-added">+{file.added}</span> <span className="changes-removed">−{file.removed}</span>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      {truncated ? <p className="changes-note">More files changed than are listed here.</p> : null}
    </div>
  );
}
