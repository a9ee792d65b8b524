import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import type { ChangesSummary, FileDiff } from '../../../../shared/ipc/git';
import { loadChanges, loadFileDiff } from './actions';
import { changesRegionId } from './ChangesButton';
import { FileList } from './FileList';
import { diffCharWidth, diffLayout, lineStats } from './fit';
import { changedCountsText } from './format';
import { ReviewRegion } from './ReviewRegion';
import { setMode, setSelected, useChanges } from './store';
import './changes.css';

// The diff library and its styles load only when a diff is first shown: the app's first paint does not carry them.
const DiffViewer = lazy(() => import('./DiffViewer'));

type Shown = { path: string; diff: FileDiff } | { path: string; error: string } | null;

/**
 * Under this width (a pane beside another in a small window) the two sides of a split diff are each too
 * narrow to read (a word a line): the diff is drawn unified, and the file list goes above it (`.is-narrow`,
 * changes.css).
 */
export const SPLIT_MIN_WIDTH = 600;

/** The pane's "Changes" region: the files the session changed since its branch forked, and the selected one's diff. */
export function ChangesRegion({ sessionId }: { sessionId: SessionId }) {
  const open = useChanges((s) => s.open[sessionId] === true);
  const view = useChanges((s) => s.lists[sessionId]);
  const summary = useChanges((s) => s.summaries[sessionId]);
  const selected = useChanges((s) => s.selected[sessionId] ?? null);
  const chosen = useChanges((s) => s.mode);
  const shown = useFileDiff(sessionId, open ? selected : null, view?.changes ?? null);
  const ref = useRef<HTMLElement>(null);
  const [diffBox, setDiffBox] = useState<HTMLElement | null>(null);
  // The choice is kept: widened again, the pane shows split once more.
  const narrow = useNarrowerThan(ref, SPLIT_MIN_WIDTH, open);
  const diffWidth = useWidth(diffBox);
  const stats = useMemo(() => (shown && 'diff' in shown ? lineStats(shown.diff.diff) : null), [shown]);
  const layout = diffLayout(stats, diffWidth, diffCharWidth(), chosen, narrow);
  if (!open) return null;
  const files = view?.changes?.files ?? [];
  const hasDiffs = files.length > 0 && !summary?.missing;
  // The review is a region of its own beside Changes (not inside it): its comments' names start with a path
  // too, and Changes' listitems are its files (SPEC §7.1).
  return (
    <>
      <section ref={ref} id={changesRegionId(sessionId)} role="region" aria-label="Changes" className={narrow ? 'changes-region is-narrow' : 'changes-region'}>
        <div className="changes-bar">
          <span className="changes-title">{summary ? <BarTitle summary={summary} files={view?.changes ? files.length : null} /> : null}</span>
          {/* Only what can act: no layout without a diff to lay out, no Refresh once the folder is gone. */}
          {hasDiffs ? (
            <div className="changes-mode" role="group" aria-label="Diff layout">
              <button
                type="button"
                aria-pressed={layout.mode === 'split'}
                disabled={layout.splitOff !== null}
                title={layout.splitOff ?? undefined}
                onClick={() => setMode('split')}
              >
                Split
              </button>
              <button type="button" aria-pressed={layout.mode === 'unified'} onClick={() => setMode('unified')}>
                Unified
              </button>
            </div>
          ) : null}
          {summary?.missing ? null : (
            <button type="button" className="changes-refresh" onClick={() => void loadChanges(sessionId)} disabled={view?.loading === true}>
              Refresh
            </button>
          )}
        </div>
        {view?.error ? <p role="alert" className="changes-error">{view.error}</p> : null}
        {summary?.missing ? (
          <p className="changes-empty">{goneText(summary)}</p>
        ) : view?.changes && files.length === 0 ? (
          <p className="changes-empty">{summary?.merged ? `Nothing new on ${summary.branch} since the merge.` : 'No changes yet'}</p>
        ) : !view?.changes ? (
          <p className="changes-empty">{view?.loading ? 'Counting changes…' : ''}</p>
        ) : (
          <div className="changes-body">
            <FileList files={files} selected={selected} onSelect={(path) => setSelected(sessionId, path)} truncated={view.changes.truncated} />
            <div className="changes-diff" ref={setDiffBox}>
              {shown === null ? (
                <p className="changes-empty">Select a file to see its diff.</p>
              ) : 'error' in shown ? (
                <p role="alert" className="changes-error">{shown.error}</p>
              ) : (
                <Suspense fallback={<p className="changes-empty">Loading the diff view…</p>}>
                  <DiffViewer key={`${shown.path}:${shown.diff.diff.length}`} sessionId={sessionId} diff={shown.diff} mode={layout.mode} wrap={layout.wrap} />
                </Suspense>
              )}
            </div>
          </div>
        )}
      </section>
      <ReviewRegion sessionId={sessionId} />
    </>
  );
}

/**
 * What the bar says: what happened when that is the news (the worktree removed, merged with nothing new since),
 * else the files and lines changed on the branch since it left its base. The branch is whole where its line has
 * room, else cut at its end (whole in its tooltip).
 */
function BarTitle({ summary, files }: { summary: ChangesSummary; files: number | null }) {
  const branch = (
    <span className="changes-branch" title={summary.branch}>
      {summary.branch}
    </span>
  );
  if (summary.missing) return <>{summary.worktreeRemoved ? 'Worktree removed' : 'Worktree folder gone'}</>;
  const since = summary.baseBranch ? ` since it left ${summary.baseBranch}` : '';
  if (files === 0 || (files === null && summary.files === 0)) {
    if (summary.merged) return <>Merged into {summary.merged} · {branch}</>;
    return <>{branch}{since}</>;
  }
  const n = files ?? summary.files ?? 0;
  const counts = changedCountsText(summary.added, summary.removed);
  return (
    <>
      {n} {n === 1 ? 'file' : 'files'}
      {counts ? ` · ${counts}` : ''} · {branch}
      {since}
    </>
  );
}

/** Why there is no list: the worktree was removed after a merge, or its folder went some other way. */
function goneText(summary: ChangesSummary): string {
  if (summary.worktreeRemoved === 'branch-deleted') return `The worktree was removed after the merge, and the branch ${summary.branch} with it.`;
  if (summary.worktreeRemoved === 'branch-kept') return `The worktree was removed after the merge; the branch ${summary.branch} keeps what was committed.`;
  return `The worktree folder is gone; the branch ${summary.branch} keeps what was committed.`;
}

/** The selected file's diff, fetched when the selection (or the list it came from) changes. */
function useFileDiff(sessionId: SessionId, path: string | null, list: unknown): Shown {
  const [shown, setShown] = useState<Shown>(null);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    void loadFileDiff(sessionId, path).then((r) => {
      if (live) setShown(r.ok ? { path, diff: r.value } : { path, error: r.message });
    });
    return () => {
      live = false;
    };
  }, [sessionId, path, list]);
  return shown && shown.path === path ? shown : null;
}

/** The element's inner width (its scrollbar's gutter left out), followed as it resizes; 0 until there is one. */
function useWidth(el: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = (): void => setWidth(el.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return width;
}

/**
 * Whether the element is narrower than `px` (followed as it resizes), while `active`. Measured before the
 * browser paints (a layout effect), so a region opened in a narrow pane never shows a frame of split.
 */
function useNarrowerThan(ref: RefObject<HTMLElement | null>, px: number, active: boolean): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof ResizeObserver === 'undefined') return;
    const check = (): void => setNarrow(el.getBoundingClientRect().width < px);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, px, active]);
  return narrow;
}
