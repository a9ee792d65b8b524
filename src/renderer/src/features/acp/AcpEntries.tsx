import { useMemo, useState } from 'react';
import type { Entry } from '../../../../shared/domain/session';
import { diffLines, parsePlan, type PlanItem } from './planText';
import './acp.css';

const STATE_WORDS: Record<PlanItem['state'], string> = { done: 'Done', 'in-progress': 'In progress', pending: 'Pending' };
// Shapes as well as colours: ✓ done, ◐ in progress, ○ pending.
const STATE_MARKS: Record<PlanItem['state'], string> = { done: '✓', 'in-progress': '◐', pending: '○' };

/** An ACP plan (a `note` with `meta.plan`): a checklist, a `list` "Plan", each item saying its state in words. */
export function PlanChecklist({ entry }: { entry: Entry }) {
  const items = parsePlan(entry.text);
  const done = items.filter((item) => item.state === 'done').length;
  return (
    <div className="entry entry-plan">
      <span className="who">plan</span>
      <div>
        <ul className="plan-list" aria-label="Plan">
          {items.map((item, index) => (
            <li key={index} className={`plan-item is-${item.state}`}>
              <span className="plan-mark" aria-hidden="true">
                {STATE_MARKS[item.state]}
              </span>
              <span className="visually-hidden">{`${STATE_WORDS[item.state]}: `}</span>
              <span className="plan-text">{item.text}</span>
              {item.state === 'in-progress' ? (
                <span className="plan-now" aria-hidden="true">
                  in progress
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="plan-count">
          {done} of {items.length} done
        </p>
      </div>
    </div>
  );
}

function LockIcon() {
  return (
    <svg width="11" height="11" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6">
      <rect x="3" y="7" width="10" height="7.5" rx="1.5" />
      <path d="M5.5 7V4.8a2.5 2.5 0 0 1 5 0V7" />
    </svg>
  );
}

/** Permission asked / answered / cancelled, and a refused file access: notes, with a small mark of what they are. */
export function AcpNote({ entry, mark }: { entry: Entry; mark: 'permission' | 'refused' }) {
  return (
    <div className={`entry entry-note entry-acp-note is-${mark}`}>
      <div className="entry-text plain">
        <span className="acp-note-mark" aria-hidden="true">
          {mark === 'permission' ? <LockIcon /> : '⊘'}
        </span>
        {entry.text}
      </div>
    </div>
  );
}

/** A diff's lines, coloured, with their +/− kept (not colour alone). */
function DiffBody({ text }: { text: string }) {
  const { lines } = useMemo(() => diffLines(text), [text]);
  return (
    <pre className="code acp-diff">
      {lines.map((line, index) => (
        <span key={index} className={`diff-${line.kind}`}>
          {line.text}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

/**
 * A tool result carrying a unified diff (`meta.diffPaths`): one line ("Diff: notes.txt (+3 −1)") until
 * opened; the coloured lines are drawn only once it is opened (a result can hold 256 KB).
 */
export function DiffResult({ entry, paths }: { entry: Entry; paths: string }) {
  const [open, setOpen] = useState(false);
  const failed = entry.meta?.['isError'] === true;
  const { added, removed } = useMemo(() => diffLines(entry.text), [entry.text]);
  const files = paths.split(',').filter(Boolean).map((p) => p.split('/').pop() ?? p);
  const summary = `${failed ? 'Failed' : 'Diff'}: ${files.join(', ')} (+${added} −${removed})`;
  return (
    <details className={failed ? 'entry collapsed entry-result failed' : 'entry collapsed entry-result'} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary title={paths.split(',').join('\n')}>{summary}</summary>
      <div className="collapsed-body">{open ? <DiffBody text={entry.text} /> : null}</div>
    </details>
  );
}
