import { useEffect, useRef } from 'react';
import { typeQuery } from '../features/sessions/actions';
import { useSessions } from '../stores/sessions';
import { useUi } from '../stores/ui';

/** The swarm's full-text search (`sessions:search`) as you type; Escape clears it. */
export function SearchBox() {
  const query = useSessions((s) => s.query);
  const searching = useSessions((s) => s.searching);
  const focusSeq = useUi((s) => s.focusSearchSeq);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusSeq > 0) {
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }, [focusSeq]);

  return (
    <div className="search" data-searching={searching ? 'true' : undefined}>
      <input
        ref={inputRef}
        type="search"
        aria-label="Search sessions"
        placeholder="Search…"
        value={query}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => typeQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && query) {
            e.preventDefault();
            typeQuery('');
          }
        }}
      />
    </div>
  );
}
