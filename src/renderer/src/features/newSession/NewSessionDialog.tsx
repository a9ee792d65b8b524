import { useId, useState } from 'react';
import type { WorktreeChoice } from '../../../../shared/ipc/git';
import { Modal } from '../../components/Modal';
import { setLastFolder, useApp } from '../../stores/app';
import { setNewSessionOpen, useUi } from '../../stores/ui';
import { createSession, pickFolder, rememberedWorktree } from './actions';
import { AgentNotice } from './AgentNotice';
import { DEFAULT_KIND_OPTIONS, KindFields, type KindOptions } from './KindFields';
import { AGENTS, type CreatableKind } from './options';
import { newSessionRequest } from './request';
import { useAgentAvailability, type AgentAvailability } from './useAgentAvailability';
import { useFolderCheck } from './useFolderCheck';
import { useRepoInfo } from './useRepoInfo';
import { WorktreeFields } from './WorktreeFields';
import './newSession.css';

const LAST_KIND_KEY = 'swarmdesk.lastAgent';

function lastKind(): CreatableKind {
  try {
    const stored = localStorage.getItem(LAST_KIND_KEY);
    return AGENTS.some((agent) => agent.kind === stored) ? (stored as CreatableKind) : 'chat';
  } catch {
    return 'chat';
  }
}

/** Why `kind` (with the chosen chat provider) cannot run, from main's answer; null when it can or nobody knows. */
function unavailableReason(availability: AgentAvailability | null, kind: CreatableKind, options: KindOptions): string | null {
  if (!availability || kind === 'terminal' || kind === 'acp') return null;
  // A provider the user picked (or the configured one) speaks for itself; with neither, the general reason.
  const provider = options.provider ?? availability.chatDefaults?.provider ?? null;
  if (kind === 'chat' && availability.chatDefaults && provider) return availability.chatDefaults.providers[provider].reason;
  return availability[kind].reason;
}

/** "New session": agent, folder and the agent's own options, all prefilled, so Create works at once. */
export function NewSessionDialog() {
  const open = useUi((s) => s.newSessionOpen);
  if (!open) return null;
  return <NewSessionForm />;
}

function NewSessionForm() {
  // The folder used last (main forgets it once it is gone), else the home folder.
  const defaultFolder = useApp((s) => s.info?.lastFolder ?? s.info?.defaultFolder ?? '');
  const infoKnown = useApp((s) => s.info !== null);
  const availability = useAgentAvailability();
  const [kind, setKind] = useState<CreatableKind>(lastKind);
  // null until the user edits it: the default can still arrive after the dialog opened.
  const [edited, setFolder] = useState<string | null>(null);
  const folder = edited ?? defaultFolder;
  const [options, setOptions] = useState<KindOptions>(DEFAULT_KIND_OPTIONS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noticeId = useId();
  const errorId = useId();
  const folderId = useId();
  const folderErrorId = useId();
  const checked = useFolderCheck(folder);
  // Until app:info came, an empty field is only the default on its way.
  const folderProblem = !infoKnown && edited === null ? null : checked;
  // The OS folder picker exists in the desktop app only; web mode types the path (main checks it).
  const canBrowse = useApp((s) => s.info?.transport === 'electron');
  const close = () => setNewSessionOpen(false);
  const repo = useRepoInfo(folder);
  const root = repo?.info.repo?.root ?? null;
  // The user's change for this repository, else what main remembers for it.
  const [worktreeEdit, setWorktreeEdit] = useState<{ root: string; choice: WorktreeChoice } | null>(null);
  const worktree = root === null ? null : worktreeEdit?.root === root ? worktreeEdit.choice : (repo?.info.repo?.remembered ?? null);

  const defaultProvider = availability?.chatDefaults?.provider ?? null;
  const shownProvider = options.provider ?? defaultProvider ?? 'anthropic';
  const reason = unavailableReason(availability, kind, options);

  return (
    <Modal title="New session" onClose={close} initialFocus="select">
      <form
        className="form new-session"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (busy) return;
          setBusy(true);
          setError(null);
          try {
            localStorage.setItem(LAST_KIND_KEY, kind);
          } catch {
            // Not remembering the choice is fine.
          }
          // Create pressed before the folder's repository was known: ask now, so the default (on) still applies.
          const choice = repo ? Promise.resolve(worktree) : rememberedWorktree(folder);
          void choice
            .then((wt) => createSession(newSessionRequest(kind, folder, options, defaultProvider, wt)))
            .then((outcome) => {
              setBusy(false);
              if (!outcome.ok) return setError(outcome.message);
              setLastFolder(folder.trim());
              close();
            });
        }}
      >
        <label className="field">
          <span>Agent</span>
          <select value={kind} aria-describedby={reason ? noticeId : undefined} onChange={(e) => setKind(e.target.value as CreatableKind)}>
            {AGENTS.map((agent) => (
              <option key={agent.kind} value={agent.kind}>
                {agent.label}
              </option>
            ))}
          </select>
        </label>
        <AgentNotice id={noticeId} kind={kind} reason={reason} />
        <div className="field">
          <label htmlFor={folderId}>Folder</label>
          <div className="folder-row">
            <input
              id={folderId}
              type="text"
              value={folder}
              spellCheck={false}
              aria-invalid={folderProblem || error ? true : undefined}
              aria-describedby={folderProblem ? folderErrorId : error ? errorId : undefined}
              onChange={(e) => {
                setFolder(e.target.value);
                setError(null);
              }}
            />
            {canBrowse ? (
              <button
                type="button"
                className="button"
                onClick={() =>
                  void pickFolder(folder).then((picked) => {
                    if (picked === null) return;
                    setFolder(picked);
                    setError(null);
                  })
                }
              >
                Browse…
              </button>
            ) : null}
          </div>
          {folderProblem ? (
            <p id={folderErrorId} role="alert" className="field-error">
              {folderProblem.message}
            </p>
          ) : null}
        </div>
        {/* A folder that cannot be used has no worktree option to say anything about. */}
        {repo && !folderProblem ? (
          <WorktreeFields
            key={root ?? 'none'}
            info={repo.info}
            choice={worktree ?? { enabled: false, copyPatterns: [], setupCommand: '' }}
            onChange={(choice) => {
              if (root) setWorktreeEdit({ root, choice });
            }}
          />
        ) : null}
        <KindFields
          kind={kind}
          options={options}
          onChange={(change) => setOptions((current) => ({ ...current, ...change }))}
          defaultProvider={shownProvider}
          defaultModel={availability?.chatDefaults?.providers[shownProvider].defaultModel ?? null}
        />
        {/* A refusal the Folder field already says is not said twice. */}
        {error && error !== folderProblem?.message ? (
          <p id={errorId} role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy || folderProblem !== null}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}
