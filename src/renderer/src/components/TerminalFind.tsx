import { useState, type KeyboardEvent } from 'react';
import type { TerminalScreen } from '../terminal/screen';

/**
 * Find in a terminal's screen and scrollback (Ctrl+Shift+F): a `search`
 * landmark with a `searchbox` "Find in terminal". Enter finds the next match,
 * Shift+Enter the previous one, Escape closes and gives the keyboard back to
 * the terminal.
 */
export function TerminalFind({ screen, onClose }: { screen: () => TerminalScreen | null; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [missing, setMissing] = useState(false);

  const find = (direction: 'next' | 'previous', text = query) => {
    const term = screen();
    if (!term || text === '') {
      setMissing(false);
      return;
    }
    setMissing(!term.find(text, direction));
  };

  const close = () => {
    screen()?.clearFind();
    onClose();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      find(e.shiftKey ? 'previous' : 'next');
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };

  return (
    <div role="search" aria-label="Find in terminal" className="terminal-find">
      <input
        type="search"
        aria-label="Find in terminal"
        placeholder="Find in terminal"
        // The bar opens on request (Ctrl+Shift+F): the keyboard goes to it at once.
        autoFocus
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          find('next', e.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <span className="terminal-find-result" role="status">
        {missing ? 'No match' : ''}
      </span>
      <button type="button" className="button subtle" onClick={() => find('previous')}>
        Previous
      </button>
      <button type="button" className="button subtle" onClick={() => find('next')}>
        Next
      </button>
      <button type="button" className="button subtle" onClick={close}>
        Close
      </button>
    </div>
  );
}
