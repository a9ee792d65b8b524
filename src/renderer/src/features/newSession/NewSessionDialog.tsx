import { useId, useState } from 'react';
import type { WorktreeChoice } from '../../../../shared/ipc/git';
import { Modal } from '../../components/Modal';
import { setLastFolder, useApp } from '../../stores/app';
import { setNewSessionOpen, useUi } from '../../stores/ui';
import { createSession, rememberedWorktree } from './actions';
import { FolderField } from './FolderField';
import { HostField } from './HostField';
import { lastFolderOn, rememberHostChoice, useHostAcpAgents, useHostChoice } from './hostChoice';
import { AgentNotice } from './AgentNotice';
import { DEFAULT_KIND_OPTIONS, KindFields, type KindOptions } from './KindFields';
import { AGENTS, acpChoice, parseChoice, storedChoice, type AgentChoice, type CreatableKind } from './options';
import { MissingAgent } from '../acp/MissingAgent';
import { newSessionRequest } from './request';
import { useAgentAvailability, type AgentAvailability } from './useAgentAvailability';
import { useFolderCheck } from './useFolderCheck';
import { useRepoInfo } from './useRepoInfo';
import { WorktreeFields } from './WorktreeFields';
import './newSession.css';

const LAST_KIND_KEY = 'swarmdesk.lastAgent';

/** The agent chosen last (a kind, or an ACP agent id), if any. */
function lastChoice(): AgentChoice | null {
  try {
    return storedChoice(localStorage.getItem(LAST_KIND_KEY));
  } catch {
    return null;
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
  const localFolder = useApp((s) => s.info?.lastFolder ?? s.info?.defaultFolder ?? '');
  const infoKnown = useApp((s) => s.info !== null);
  // The machine it starts on (a choice only once a remote host exists); the rest asks that machine.
  const { hosts, host, pick: pickHost } = useHostChoice();
  const hostNoteId = useId();
  const defaultFolder = host === null ? localFolder : lastFolderOn(host);
  const availability = useAgentAvailability(host);
  const acp = useHostAcpAgents(host);
  const [remembered] = useState(lastChoice);
  const [picked, setPicked] = useState<AgentChoice | null>(null);
  const usable = (choice: AgentChoice) => {
    const { agent } = parseChoice(choice);
    return agent === null || acp.agents.some((a) => a.id === agent && a.available);
  };
  // A remembered ACP agent waits for main's list (Create too); one no longer found falls back to Chat.
  const waitingForAgents = picked === null && remembered?.startsWith('acp:') === true && !acp.loaded;
  const choice: AgentChoice = picked ?? (remembered && (waitingForAgents || usable(remembered)) ? remembered : 'chat');
  const { kind, agent } = parseChoice(choice);
  // The chosen ACP agent when it was not found: the dialog says how to install it, and Create waits.
  const missing = agent === null ? null : (acp.agents.find((a) => a.id === agent && !a.available) ?? null);
  const missingId = useId();
  // null until the user edits it: the default can still arrive after the dialog opened.
  const [edited, setFolder] = useState<string | null>(null);
  const folder = edited ?? defaultFolder;
  const [options, setOptions] = useState<KindOptions>(DEFAULT_KIND_OPTIONS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noticeId = useId();
  const errorId = useId();
  const checked = useFolderCheck(folder, host);
  // Until app:info came, an empty field is only the default on its way.
  const folderProblem = !infoKnown && edited === null && host === null ? null : checked;
  // The OS folder picker exists in the desktop app only; web mode types the path (main checks it).
  const canBrowse = useApp((s) => s.info?.transport === 'electron');
  const close = () => setNewSessionOpen(false);
  const repo = useRepoInfo(folder, host);
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
          if (busy || waitingForAgents || missing) return;
          setBusy(true);
          setError(null);
          try {
            localStorage.setItem(LAST_KIND_KEY, choice);
          } catch {
            // Not remembering the choice is fine.
          }
          // Create pressed before the folder's repository was known: ask now, so the default (on) still applies.
          const worktreeChoice = repo ? Promise.resolve(worktree) : rememberedWorktree(folder, host);
          void worktreeChoice
            .then((wt) => createSession(newSessionRequest(kind, folder, options, defaultProvider, wt, agent, host)))
            .then((outcome) => {
              setBusy(false);
              if (!outcome.ok) return setError(outcome.message);
              if (host === null) setLastFolder(folder.trim());
              rememberHostChoice(host, folder.trim());
              close();
            });
        }}
      >
        <HostField
          hosts={hosts}
          host={host}
          noteId={hostNoteId}
          onPick={(next) => {
            pickHost(next);
            // The folder prefilled for that machine (what was typed was a path on the other one).
            setFolder(null);
            setError(null);
          }}
        />
        <label className="field">
          <span>Agent</span>
          <select
            value={choice}
            aria-describedby={[reason ? noticeId : '', missing ? missingId : ''].join(' ').trim() || undefined}
            onChange={(e) => setPicked(e.target.value as AgentChoice)}
          >
            {AGENTS.map((option) => (
              <option key={option.kind} value={option.kind}>
                {option.label}
              </option>
            ))}
            {waitingForAgents ? (
              <option value={choice} disabled>
                Looking for agents…
              </option>
            ) : null}
            {acp.agents.length > 0 ? (
              <optgroup label="ACP agents">
                {acp.agents.map((option) => (
                  // A missing agent can be chosen: the line under the field then says how to install it.
                  <option key={option.id} value={acpChoice(option.id)}>
                    {option.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </label>
        <AgentNotice id={noticeId} kind={kind} reason={reason} />
        <MissingAgent id={missingId} agent={missing} />
        <FolderField
          folder={folder}
          host={host}
          canBrowse={canBrowse}
          problem={folderProblem}
          errorId={error ? errorId : null}
          onChange={(next) => {
            setFolder(next);
            setError(null);
          }}
        />
        {/* A folder that cannot be used has no worktree option to say anything about. */}
        {repo && !folderProblem ? (
          <WorktreeFields
            key={`${host ?? ''}:${root ?? 'none'}`}
            info={repo.info}
            host={host}
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
          <button type="submit" className="button primary" disabled={busy || waitingForAgents || missing !== null || folderProblem !== null}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}
