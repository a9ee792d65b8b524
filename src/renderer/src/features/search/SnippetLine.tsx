import { useEffect, type ReactNode } from 'react';
import type { EntryKind, SessionId } from '../../../../shared/domain/session';
import type { SearchSnippet } from '../../../../shared/domain/searchSnippet';
import { wantSnippet } from './actions';
import { useSearchSnippets } from './store';

/** The element id of a row's snippet line (the row's `aria-describedby`). */
export function snippetDomId(id: SessionId): string {
  return `snippet-${id}`;
}

const SPEAKER: Partial<Record<EntryKind, string>> = { user: 'You', steer: 'You', assistant: 'Agent', 'tool-use': 'Tool', summary: 'Summary', note: 'Note' };

/** The snippet's text with its matches as `<mark>`s: text nodes only, never markup from the data. */
function withMarks(snippet: SearchSnippet): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of snippet.marks) {
    if (start > at) parts.push(snippet.text.slice(at, start));
    parts.push(<mark key={start}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < snippet.text.length) parts.push(snippet.text.slice(at));
  return parts;
}

/**
 * A search hit's second line: the matching text said in the session, its matches
 * highlighted, or `fallback` (the subtitle) until it is known or when there is none.
 * Who said it is part of the row's description (and the tooltip), not drawn.
 */
export function SnippetLine({ id, fallback }: { id: SessionId; fallback: ReactNode }) {
  const snippet = useSearchSnippets((s) => s.byId[id]);
  const query = useSearchSnippets((s) => s.query);
  const known = snippet !== undefined;
  useEffect(() => {
    if (!known && query !== null) wantSnippet(id);
  }, [id, known, query]);
  if (!snippet) {
    return (
      <span className="row-sub-text" id={snippetDomId(id)}>
        {fallback}
      </span>
    );
  }
  const speaker = SPEAKER[snippet.kind];
  // A match in a branch rewound in its own tool: said so, shown and heard.
  const rewound = snippet.rewound === true ? 'Rewound · ' : '';
  return (
    <span className="row-sub-text row-snippet" id={snippetDomId(id)} title={`${rewound}${speaker ? `${speaker}: ` : ''}${snippet.text}`}>
      {rewound ? <span className="row-snippet-rewound">Rewound</span> : null}
      {rewound ? ' ' : null}
      {/* Heard, not shown: the row has room for about 30 characters, which the match needs. */}
      {speaker ? <span className="visually-hidden">{speaker}: </span> : null}
      {withMarks(snippet)}
    </span>
  );
}
