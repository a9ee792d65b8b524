import { useEffect, useRef } from 'react';
import type { SessionId } from '../../../shared/domain/session';
import { loadAmbientState } from '../features/ambient/actions';
import { kindName, sessionLabel, statusWord, unsavedText } from '../label/sessionLabel';
import { useNow } from '../label/now';
import { exitedStatus, rowLabelText } from '../label/rowParts';
import { useFittedText } from '../label/useFittedText';
import { closePane, focusPane, usePanes } from '../stores/panes';
import { useSessions } from '../stores/sessions';
import { openMenu, startRename, useUi } from '../stores/ui';
import { ResumeImported } from '../features/import/ResumeImported';
import { MergeActions } from '../features/merge/MergeActions';
import { WorktreeNote } from '../features/merge/WorktreeNote';
import { PermissionModeControl } from '../features/newSession/PermissionModeControl';
import { UsageLine } from '../features/usage/UsageLine';
import { ChangesButton } from '../features/changes/ChangesButton';
import { ChangesRegion } from '../features/changes/ChangesRegion';
import { AcpChoicesControl } from '../features/acp/AcpChoicesControl';
import { PermissionRequestView } from '../features/acp/PermissionRequestView';
import { useAcp } from '../features/acp/store';
import { useHostInfo } from '../features/hosts/store';
import { rowHostNote } from '../features/hosts/hostWords';
import { Composer } from './Composer';
import { PickupNote } from './PickupNote';
import { RenameField } from './RenameField';
import { StatusDot } from './StatusDot';
import { TerminalView } from './TerminalView';
import { Transcript } from './Transcript';

/**
 * One session shown in the main area. The focused pane is the page's `main`;
 * others beside it are `region`s; each is named by the session's display label.
 */
export function Pane({ sessionId }: { sessionId: SessionId }) {
  const row = useSessions((s) => s.byId[sessionId]);
  const focused = usePanes((s) => s.focused === sessionId);
  const paneCount = usePanes((s) => s.open.length);
  const focusRequest = useUi((s) => (s.composerFocus?.sessionId === sessionId ? s.composerFocus.seq : 0));
  const now = useNow();
  // An ACP agent waiting on a permission request is mid-turn: Stop cancels the request and the turn.
  const asking = useAcp((s) => s.permissions[sessionId] !== undefined);
  // A session on another machine: the header names it, and says so while its link is down.
  const host = useHostInfo(row?.host);
  // Double-clicking the title renames here, as the row does in the list.
  const renaming = useUi((s) => s.renaming?.sessionId === sessionId && s.renaming.where === 'pane');
  const titleRef = useRef<HTMLHeadingElement>(null);
  const label = row ? sessionLabel(row, now) : null;
  // Shown as the row shows it: a facts label without its time ("just now" beside the row's "now" disagreed);
  // the heading's name and tooltip keep the whole label.
  const fitTitle = useFittedText<HTMLHeadingElement>(label ? rowLabelText(label) : '', '', titleRef);
  useEffect(() => {
    void loadAmbientState(sessionId);
  }, [sessionId]);
  if (!row || !label) return null;
  const unsaved = unsavedText(row.unsaved);
  const hostNote = rowHostNote(host);
  // An exited terminal says how it ended (its code or signal, in the error colour when it failed); the rest their status word.
  const shownStatus = row.status === 'exited' ? exitedStatus(row.exit) : { tone: row.status, word: statusWord(row.status), spoken: statusWord(row.status) };

  return (
    <section
      role={focused ? 'main' : 'region'}
      aria-label={label.text}
      className={focused ? 'pane is-focused' : 'pane'}
      onFocusCapture={() => focusPane(sessionId)}
      onMouseDown={() => focusPane(sessionId)}
    >
      <header className="pane-header">
        <div className="pane-title-line">
          {renaming ? (
            <span className="pane-title pane-title-rename">
              <RenameField sessionId={sessionId} initial={label.derived === 'title' ? label.text : ''} placeholder={label.text} returnFocusTo={() => titleRef.current} />
            </span>
          ) : (
            // Focusable by script only: where focus comes back to after a rename here.
            // Its text is the label cut at a word to the header's width (useFittedText); its name is the whole label.
            <h2
              ref={fitTitle}
              tabIndex={-1}
              className={label.muted ? 'pane-title muted' : 'pane-title'}
              title={label.text}
              aria-label={label.text}
              onDoubleClick={(e) => {
                e.preventDefault();
                startRename(sessionId, 'pane');
              }}
            />
          )}
          <span className={`pane-status status-text-${shownStatus.tone}`} title={shownStatus.spoken}>
            <StatusDot status={shownStatus.tone} /> <span className="pane-status-word">{shownStatus.word}</span>
          </span>
          {/* The database refuses writes (locked, disk full): entries wait in memory and are retried. */}
          <span role="status" className="pane-unsaved">
            {unsaved}
          </span>
          <ChangesButton sessionId={sessionId} />
          <MergeActions sessionId={sessionId} kind={row.kind} />
          <button
            type="button"
            className="icon-button"
            aria-label="Session actions"
            aria-haspopup="menu"
            data-pane-menu-trigger={sessionId}
            onClick={(e) => {
              const rect = e.currentTarget.getBoundingClientRect();
              openMenu(sessionId, rect.right - 200, rect.bottom, 'pane');
            }}
          >
            <span aria-hidden="true">⋯</span>
          </button>
          {paneCount > 1 ? (
            <button type="button" className="icon-button" aria-label="Close pane" onClick={() => closePane(sessionId)}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div className="pane-facts" title={row.host ? `${row.folder} on ${row.host}` : row.folder}>
          {/* An ACP agent's name comes with the row, from the host that runs it (a user-defined one's too). */}
          {kindName(row.kind, row.agent, row.agentName)}
          {row.kind === 'claude-code' ? <PermissionModeControl sessionId={sessionId} /> : null}
          {row.kind === 'acp' ? <AcpChoicesControl sessionId={sessionId} /> : null}
          {/* Before the folder: where the line is cut (at its end), the branch is what stays in view. */}
          <WorktreeNote sessionId={sessionId} /> · {row.folder}
          {row.host ? (
            <>
              {' on '}
              <span className="pane-host">{row.host}</span>
            </>
          ) : null}
          {hostNote ? (
            <span role="status" className="pane-host-note">
              {' · '}
              {hostNote}
            </span>
          ) : null}
          {row.archived ? ' · archived' : ''}
          {row.kind === 'chat' || row.kind === 'claude-code' || row.kind === 'acp' ? <UsageLine sessionId={sessionId} /> : null}
        </div>
      </header>
      <ChangesRegion sessionId={sessionId} />
      <PickupNote sessionId={sessionId} />
      {/* A terminal pane is its terminal: the input is the terminal itself, its notes sit in the terminal's bar. */}
      {row.kind === 'terminal' ? <TerminalView sessionId={sessionId} /> : <Transcript sessionId={sessionId} />}
      {row.kind === 'imported' ? (
        <ResumeImported sessionId={sessionId} />
      ) : row.kind === 'terminal' ? null : (
        <Composer sessionId={sessionId} status={row.status} focusRequest={focusRequest} turnOpen={row.kind === 'acp' && asking} />
      )}
      {/* After the composer (Tab reaches its first option), drawn above it. */}
      {row.kind === 'acp' ? <PermissionRequestView sessionId={sessionId} /> : null}
    </section>
  );
}
