import type { AcpCatalog } from './catalog';
import type { LiveAgentsPort } from '../liveAgentsRecord';
import type { ReportTokenPort } from '../sessionReports/sessionTokens';
import type { AcpChoiceBook } from './choiceBook';
import type { PendingPermissions } from './permissions';

export interface AcpBackendOptions {
  readonly catalog: AcpCatalog;
  /** The agent id a session was created with (`sessionOptions` key `acpAgent`), or null. */
  readonly agentOf: (sessionId: string) => string | null;
  /** The core's environment (on top of the process's, through `childEnv`). */
  readonly env: NodeJS.ProcessEnv;
  /** The environment under it; default `process.env`. */
  readonly baseEnv?: NodeJS.ProcessEnv;
  readonly permissions: PendingPermissions;
  /** The modes and models each session's agent offers, and what the user chose. */
  readonly choices: AcpChoiceBook;
  /** Bound on `initialize` and on opening the session (`session/new`, `session/load`); default 60 s. */
  readonly initMs?: number;
  /** A turn with no update for this long is ended with an error; default 10 min. */
  readonly idleMs?: number;
  /** How long Stop waits for the prompt to return `cancelled` before ending the process group; default 2 s. */
  readonly stopMs?: number;
  /** The live agents record (each agent's process group); absent: not recorded. */
  readonly liveAgents?: LiveAgentsPort;
  /** Gives each agent process a report token of its session (`agents/sessionReports/`); absent: none. */
  readonly reports?: ReportTokenPort;
}

export const ACP_DEFAULTS = { initMs: 60_000, idleMs: 10 * 60_000, stopMs: 2_000 } as const;
