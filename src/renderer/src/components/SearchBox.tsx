import { useEffect, useRef } from 'react';
import { searchSessions, setQuery, useSessions } from '../stores/sessions';
import { useUi } from '../stores/ui';

/** How long typing must pause before a search goes out: light, so results follow the keystrokes. */
export const SEARCH_DEBOUNCE_MS = 120;

/** The swarm's full-text search (`sessions:search`) as you type; Escape clears it. */
export function SearchBox() {
  const query = useSessions((s) => s.query);
  const searching = useSessions((s) => s.searching);
  const focusSeq = useUi((s) => s.focusSearchSeq);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (focusSeq > 0) {
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }, [focusSeq]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onChange = (value: string) => {
    setQuery(value);
    if (timer.current) clearTimeout(timer.current);
    if (!value.trim()) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void searchSessions(value);
    }, SEARCH_DEBOUNCE_MS);
  };

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
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && query) {
            e.preventDefault();
            onChange('');
          }
        }}
      />
    </div>
  );
}
