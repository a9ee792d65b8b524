import { memo, type ReactNode } from 'react';
import { isCompactionSummary } from '../../../shared/compaction';
import { REVIEW_MESSAGE_PREFIX } from '../../../shared/domain/review';
import type { Entry } from '../../../shared/domain/session';
import { isToolMeta } from '../../../shared/judge/tool-text';
import { AcpNote, DiffResult, PlanChecklist } from '../features/acp/AcpEntries';
import { FoldedNote } from './FoldedNote';
import { Markdown } from './Markdown';

function metaString(entry: Entry, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = entry.meta?.[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/** The first line of some text, clipped for a one-line summary. */
export function firstLine(text: string, max = 90): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  const clean = line.trim().replace(/\s+/g, ' ');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** One collapsed line until opened: tool calls, tool results, thinking, summaries. */
function Collapsed({ className, summary, children }: { className: string; summary: string; children: ReactNode }) {
  return (
    <details className={`entry collapsed ${className}`}>
      <summary>{summary}</summary>
      <div className="collapsed-body">{children}</div>
    </details>
  );
}

const SPEAKER: Partial<Record<Entry['kind'], string>> = { user: 'you', steer: 'steer', assistant: 'agent', thinking: 'thinking', 'tool-use': 'tool', 'tool-result': 'result' };

/**
 * An entry of a branch rewound in its own tool (imported history): one line marked "Rewound" until
 * opened, the entry as ever inside. Kept so its words are found by search; never taken for the conversation.
 */
function RewoundBranchEntry({ entry }: { entry: Entry }) {
  const { rewoundBranch: _mark, ...meta } = entry.meta ?? {};
  const who = SPEAKER[entry.kind] ?? entry.kind;
  return (
    <FoldedNote className="entry-rewound-branch" summary={`Rewound · ${who}: ${firstLine(entry.text, 70)}`}>
      <EntryView entry={{ ...entry, meta: Object.keys(meta).length > 0 ? meta : null }} />
    </FoldedNote>
  );
}

/** One transcript entry: user and agent styled apart; tools one line each until opened. */
export const EntryView = memo(function EntryView({ entry }: { entry: Entry }) {
  if (entry.meta?.['rewoundBranch'] === true) return <RewoundBranchEntry entry={entry} />;
  switch (entry.kind) {
    case 'user':
    case 'steer':
      // Imported history: another tool's compaction text or its own markup (slash-command echo,
      // caveats, injected context) sits in a user record but is not what the person wrote.
      if (entry.kind === 'user' && isCompactionSummary(entry.text)) {
        return (
          <Collapsed className="entry-summary" summary="Summary of the earlier conversation">
            <div className="entry-text plain">{entry.text}</div>
          </Collapsed>
        );
      }
      // A review sent from Changes (issue 35): one collapsed entry, its comments inside.
      if (entry.text.startsWith(REVIEW_MESSAGE_PREFIX)) {
        const count = /^\S+ of your changes: (\d+ comments?)/.exec(entry.text)?.[1];
        return (
          <Collapsed className="entry-user entry-review" summary={`You sent a review${count ? ` · ${count}` : ''}`}>
            <div className="entry-text plain">{entry.text}</div>
          </Collapsed>
        );
      }
      if (entry.kind === 'user' && isToolMeta(entry.text)) {
        return (
          <Collapsed className="entry-tool" summary={`From the tool: ${firstLine(entry.text, 70)}`}>
            <pre className="code">{entry.text}</pre>
          </Collapsed>
        );
      }
      return (
        <div className={`entry entry-user${entry.kind === 'steer' ? ' steer' : ''}`}>
          <span className="who">{entry.kind === 'steer' ? 'steer' : 'you'}</span>
          <div className="entry-text plain">{entry.text}</div>
        </div>
      );
    case 'assistant':
      return (
        <div className="entry entry-agent">
          <span className="who">agent</span>
          <Markdown text={entry.text} />
        </div>
      );
    case 'thinking':
      return (
        <Collapsed className="entry-thinking" summary={`Thinking: ${firstLine(entry.text, 70)}`}>
          <div className="entry-text plain">{entry.text}</div>
        </Collapsed>
      );
    case 'tool-use': {
      const tool = metaString(entry, 'name', 'tool', 'toolName') ?? 'Tool';
      const detail = metaString(entry, 'summary', 'description', 'command') ?? firstLine(entry.text);
      return (
        <Collapsed className="entry-tool" summary={detail ? `${tool}: ${detail}` : tool}>
          <pre className="code">{entry.text}</pre>
        </Collapsed>
      );
    }
    case 'tool-result': {
      // An ACP tool call's diff (core: `meta.diffPaths`): its lines coloured once opened.
      const diffPaths = metaString(entry, 'diffPaths');
      if (diffPaths) return <DiffResult entry={entry} paths={diffPaths} />;
      const failed = entry.meta?.['isError'] === true || entry.meta?.['is_error'] === true;
      return (
        <Collapsed className={failed ? 'entry-result failed' : 'entry-result'} summary={`${failed ? 'Failed' : 'Result'}: ${firstLine(entry.text) || '(no output)'}`}>
          <pre className="code">{entry.text}</pre>
        </Collapsed>
      );
    }
    case 'summary':
      return (
        <Collapsed className="entry-summary" summary="Summary of the earlier conversation">
          <Markdown text={entry.text} />
        </Collapsed>
      );
    case 'note':
      // Imported history: where the conversation was rewound, one line; the abandoned attempt's messages follow it, each marked.
      if (entry.meta?.['rewound'] !== undefined) {
        return (
          <FoldedNote className="entry-rewound" summary={entry.text}>
            <p className="entry-text plain">
              {entry.meta['rewound'] === null
                ? 'The conversation was rewound here in its own tool, to before messages shown above.'
                : 'The conversation was rewound here in its own tool; the abandoned attempt follows, each message marked Rewound, and search still finds its words.'}
            </p>
          </FoldedNote>
        );
      }
      // ACP sessions: a plan is a checklist; permission and refused-access notes carry a small mark.
      if (entry.meta?.['plan'] === true) return <PlanChecklist entry={entry} />;
      if (typeof entry.meta?.['permission'] === 'string') return <AcpNote entry={entry} mark="permission" />;
      if (typeof entry.meta?.['refused'] === 'string') return <AcpNote entry={entry} mark="refused" />;
      return (
        <div className="entry entry-note">
          <div className="entry-text plain">{entry.text}</div>
        </div>
      );
    case 'error':
      return (
        <div className="entry entry-error">
          <span className="who">error</span>
          <div className="entry-text plain">{entry.text}</div>
        </div>
      );
    case 'context':
      // What a tool injected into a user turn (a reminder, hook output, a command echo): not the user's words.
      return (
        <FoldedNote className="entry-context" summary={`Context: ${metaString(entry, 'label') ?? 'added by the tool'}`}>
          <pre className="code">{entry.text}</pre>
        </FoldedNote>
      );
  }
});
