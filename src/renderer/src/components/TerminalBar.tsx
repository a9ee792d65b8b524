import { useEffect, useId, useState } from 'react';
import type { Entry, SessionId } from '../../../shared/domain/session';
import type { TerminalExit } from '../../../shared/ipc/terminal';
import { interruptTerminal } from '../features/terminal/actions';
import { loadLatestEntries } from '../features/transcript/actions';
import { useEntries } from '../stores/entries';
import { useSessions } from '../stores/sessions';
import { TERMINAL_KEYS_HELP } from '../terminal/screen';

/** Notes named in the bar's tooltip (the newest last). */
const TOOLTIP_NOTES = 6;

function noteLine(entry: Entry): string {
  return entry.text.split('\n')[0] ?? '';
}

/**
 * The slim bar over a terminal: the session's notes (worktree set-up, started,
 * exited with its code) where a transcript would be, Restart after an exit,
 * Stop while a command runs (it interrupts the job, as Ctrl-C does), and the
 * terminal's keys in a tooltip.
 */
export function TerminalBar({
  sessionId,
  exit,
  problem,
  helpId,
  onRestart,
}: {
  sessionId: SessionId;
  exit: TerminalExit | null;
  problem: string | null;
  helpId: string;
  onRestart: () => void;
}) {
  const working = useSessions((s) => s.byId[sessionId]?.status === 'working');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const entries = useEntries((s) => s.bySession[sessionId]);
  useEffect(() => {
    void loadLatestEntries(sessionId);
  }, [sessionId]);

  const notes = (entries?.order ?? [])
    .map((seq) => entries?.bySeq[seq])
    .filter((e): e is Entry => e !== undefined && (e.kind === 'note' || e.kind === 'error'));
  const latest = notes.at(-1);
  const exitText = exit ? exitLine(exit) : null;

  return (
    <>
    <div className="terminal-bar">
      <span className="terminal-bar-notes" title={notes.slice(-TOOLTIP_NOTES).map(noteLine).join('\n')}>
        {exitText ?? (latest ? noteLine(latest) : '')}
      </span>
      {notes.length > 1 ? (
        // Every note in full (a worktree's setup output, earlier starts), not only the latest line.
        <button type="button" className="button terminal-bar-all" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide notes' : `All notes (${notes.length})`}
        </button>
      ) : null}
      {problem ? (
        <span className="terminal-bar-problem" role="alert">
          {problem}
        </span>
      ) : null}
      {exit ? (
        <button type="button" className="button" onClick={onRestart}>
          Restart
        </button>
      ) : null}
      {working && !exit ? (
        <button type="button" className="button" title="Interrupt the running command (Ctrl-C)" onClick={() => interruptTerminal(sessionId)}>
          Stop
        </button>
      ) : null}
      <span className="terminal-bar-keys" title={TERMINAL_KEYS_HELP} aria-describedby={helpId}>
        Keys
      </span>
    </div>
    {open ? (
      <ol className="terminal-notes" id={listId} aria-label="Session notes">
        {notes.map((note) => (
          <li key={note.seq} className={note.kind === 'error' ? 'terminal-note error' : 'terminal-note'}>
            {note.text}
          </li>
        ))}
      </ol>
    ) : null}
    </>
  );
}

function exitLine(exit: TerminalExit): string {
  if (exit.endedWithHost) return 'Ended when its session host stopped. Its screen is kept.';
  return exit.signal ? `Ended by ${exit.signal}.` : `Exited with code ${exit.exitCode}.`;
}
