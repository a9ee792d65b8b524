import { DiffModeEnum, DiffView, SplitSide } from '@git-diff-view/react';
import '@git-diff-view/react/styles/diff-view-pure.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import type { FileDiff } from '../../../../shared/ipc/git';
import { useReview } from '../review/actions';
import { DiffTitle } from './DiffTitle';
import { commentsByLine, LineComments, type LineCommentsData } from './inlineComments';
import { CommentField } from './ReviewRegion';
import { hunksWithin, splitDiff, type SplitDiff } from './hunks';
import { useColorScheme } from './useColorScheme';
import { useLineComments } from './useLineComments';

/** Lines drawn at first and added per step: a big diff grows as it is scrolled, never all at once. */
const LINES_PER_STEP = 1_500;

const extension = (path: string): string => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Where each part of a big diff starts and ends (hunk indexes): each part is at most about LINES_PER_STEP lines. */
function partsOf(split: SplitDiff): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  for (let from = 0; from < split.hunks.length; ) {
    const to = hunksWithin(split, from, LINES_PER_STEP);
    parts.push([from, to]);
    from = to;
  }
  return parts;
}

/**
 * One file's diff drawn by @git-diff-view (split or unified, highlighted, in the app's light or dark), wrapped
 * at spaces or not wrapped at all (scrolled sideways) as ChangesRegion's measure (fit.ts) says.
 * A big diff is drawn a part at a time, each part its own view appended as the end is scrolled into
 * sight, so what is drawn grows with reading and earlier parts are never drawn again.
 */
/** `sessionId`: each changed line can be commented on for that session's review (Changes; a checkpoint's diff has none). */
export default function DiffViewer({ sessionId, diff, mode, wrap }: { sessionId?: SessionId; diff: FileDiff; mode: 'split' | 'unified'; wrap: boolean }) {
  const scheme = useColorScheme();
  const split = useMemo(() => splitDiff(diff.diff), [diff.diff]);
  const parts = useMemo(() => partsOf(split), [split]);
  const [shown, setShown] = useState(1);
  const more = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const comments = useLineComments(box, mode, sessionId === undefined ? null : { sessionId, path: diff.file.path });
  // This file's comments, drawn under their lines (sent ones stay, marked sent, until resolved).
  const reviewed = useReview((s) => (sessionId === undefined ? undefined : s.comments[sessionId]));
  const extendData = useMemo(() => commentsByLine(reviewed ?? [], diff.file.path), [reviewed, diff.file.path]);
  const whole = parts.length <= 1;
  const { file } = diff;
  // One data object per part, made once: the library builds a part again only when its data changes.
  const partData = useMemo(() => {
    const oldName = file.oldPath ?? file.path;
    // Full texts give highlighting with context; the parts of a big diff are drawn from their hunks alone.
    return parts.map(([from, to]) => ({
      oldFile: { fileName: oldName, fileLang: extension(oldName), content: whole ? diff.oldContent : null },
      newFile: { fileName: file.path, fileLang: extension(file.path), content: whole ? diff.newContent : null },
      hunks: [split.header + split.hunks.slice(from, to).join('')],
    }));
  }, [file, parts, split, whole, diff.oldContent, diff.newContent]);

  useEffect(() => {
    const button = more.current;
    if (!button || typeof IntersectionObserver !== 'function') return;
    // The first report comes before the library has drawn the first part (the button then shows): it is skipped.
    let first = true;
    const observer = new IntersectionObserver((seen) => {
      if (!first && seen.some((e) => e.isIntersecting)) setShown((n) => Math.min(parts.length, n + 1));
      first = false;
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [parts]);

  // A file without lines to comment on (binary, or only renamed) still has its title and "Comment on file".
  if (file.binary || split.hunks.length === 0) {
    return (
      <div className="changes-diff-view" aria-label={`Diff of ${file.path}`} role="group">
        <DiffTitle sessionId={sessionId} file={file} />
        <p className="changes-empty">
          {file.binary ? `${file.path} is a binary file; no text diff to show.` : `No line changes in ${file.path} (only its name or mode changed).`}
        </p>
      </div>
    );
  }
  const left = split.hunks.slice(parts[shown - 1]?.[1] ?? 0).length;
  return (
    <div
      ref={box}
      className="changes-diff-view"
      aria-label={`Diff of ${file.path}`}
      role="group"
      onMouseDownCapture={comments.onMouseDownCapture}
      onKeyDownCapture={comments.onKeyDownCapture}
      onBlurCapture={comments.onBlurCapture}
    >
      <DiffTitle sessionId={sessionId} file={file} />
      {partData.slice(0, shown).map((data, i) => (
        <DiffView
          key={`${i}:${mode}:${wrap}:${scheme}`}
          data={data}
          diffViewMode={mode === 'split' ? DiffModeEnum.Split : DiffModeEnum.Unified}
          diffViewTheme={scheme}
          diffViewHighlight
          diffViewWrap={wrap}
          diffViewFontSize={12}
          diffViewAddWidget={sessionId !== undefined}
          onAddWidgetClick={comments.onWidget}
          extendData={extendData}
          renderExtendLine={({ data }: { data: LineCommentsData }) => <LineComments comments={data} />}
          renderWidgetLine={({ side, onClose }) =>
            sessionId === undefined ? null : (
            <CommentField
              sessionId={sessionId}
              path={file.path}
              side={side === SplitSide.old ? 'old' : 'new'}
              startLine={comments.range.current[0]}
              endLine={comments.range.current[1]}
              returnTo={comments.returnTo()}
              onClose={() => {
                onClose();
                comments.onFieldClosed();
              }}
            />
            )
          }
        />
      ))}
      {shown < parts.length ? (
        <button ref={more} type="button" className="changes-more" onClick={() => setShown((n) => Math.min(parts.length, n + 1))}>
          Show more of this diff ({left} more {left === 1 ? 'hunk' : 'hunks'})
        </button>
      ) : null}
      {diff.truncated ? <p className="changes-note">This diff is too big to show whole; the rest is cut.</p> : null}
    </div>
  );
}
