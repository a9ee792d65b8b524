import { DiffModeEnum, DiffView } from '@git-diff-view/react';
import '@git-diff-view/react/styles/diff-view-pure.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FileDiff } from '../../../../shared/ipc/git';
import { hunksWithin, splitDiff } from './hunks';
import { useColorScheme } from './useColorScheme';

/** Lines drawn at first and added per step: a big diff grows as it is scrolled, never all at once. */
const LINES_PER_STEP = 1_500;

const extension = (path: string): string => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** One file's diff drawn by @git-diff-view (split or unified, highlighted, in the app's light or dark). */
export default function DiffViewer({ diff, mode }: { diff: FileDiff; mode: 'split' | 'unified' }) {
  const scheme = useColorScheme();
  const split = useMemo(() => splitDiff(diff.diff), [diff.diff]);
  const [shown, setShown] = useState(() => hunksWithin(split, 0, LINES_PER_STEP));
  const more = useRef<HTMLButtonElement>(null);
  const whole = shown >= split.hunks.length;
  const { file } = diff;
  // Full texts give highlighting with context; a part of a big diff is drawn from its hunks alone.
  const data = useMemo(
    () => ({
      oldFile: { fileName: file.oldPath ?? file.path, fileLang: extension(file.oldPath ?? file.path), content: whole ? diff.oldContent : null },
      newFile: { fileName: file.path, fileLang: extension(file.path), content: whole ? diff.newContent : null },
      hunks: [split.header + split.hunks.slice(0, shown).join('')],
    }),
    [file, diff.oldContent, diff.newContent, split, shown, whole],
  );

  useEffect(() => {
    const button = more.current;
    if (!button || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((e) => e.isIntersecting)) setShown((n) => hunksWithin(split, n, LINES_PER_STEP));
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [split, whole]);

  if (file.binary) return <p className="changes-empty">{file.path} is a binary file; no text diff to show.</p>;
  if (split.hunks.length === 0) return <p className="changes-empty">No line changes in {file.path} (only its name or mode changed).</p>;
  return (
    <div className="changes-diff-view" aria-label={`Diff of ${file.path}`} role="group">
      <p className="changes-diff-title">
        {file.path}
        {file.oldPath ? <span className="changes-diff-how"> renamed from {file.oldPath}</span> : null}
        {file.untracked ? <span className="changes-diff-how"> new, not yet added to git</span> : null}
        {file.status === 'deleted' ? <span className="changes-diff-how"> deleted</span> : null}
      </p>
      <DiffView
        key={`${file.path}:${mode}:${scheme}`}
        data={data}
        diffViewMode={mode === 'split' ? DiffModeEnum.Split : DiffModeEnum.Unified}
        diffViewTheme={scheme}
        diffViewHighlight
        diffViewWrap
        diffViewFontSize={12}
      />
      {!whole ? (
        <button ref={more} type="button" className="changes-more" onClick={() => setShown((n) => hunksWithin(split, n, LINES_PER_STEP))}>
          Show more of this diff ({split.hunks.length - shown} more {split.hunks.length - shown === 1 ? 'hunk' : 'hunks'})
        </button>
      ) : null}
      {diff.truncated ? <p className="changes-note">This diff is too big to show whole; the rest is cut.</p> : null}
    </div>
  );
}
