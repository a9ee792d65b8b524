import { z } from 'zod';
import { HostNameSchema } from '../domain/host';
import { channel } from './channel';
import { SessionIdSchema } from '../domain/session';

/*
 * ACP agents (SPEC §8 acp, issue 16): which agents Swarmdesk knows, the user's own,
 * and the permission requests a live ACP session is waiting on. The session kind is
 * `acp`; which agent a session runs is its `agent` id (`sessions:create`).
 */

/** The built-in ACP agents, by id; their names are what the Agent combobox shows (SPEC §7.1). */
export const BUILTIN_ACP_AGENTS = ['gemini', 'codex', 'qwen'] as const;
export type BuiltinAcpAgentId = (typeof BUILTIN_ACP_AGENTS)[number];

/** An agent id: a built-in one, or `custom-<slug>` for one the user defined. */
export const AcpAgentIdSchema = z.string().min(1).max(64).regex(/^[a-z0-9][a-z0-9-]*$/);
export type AcpAgentId = z.infer<typeof AcpAgentIdSchema>;

/** One agent as the New session dialog lists it. */
export const AcpAgentInfoSchema = z.object({
  id: AcpAgentIdSchema,
  /** Its display name ("Gemini CLI", "Codex", "Qwen Code", or the user's name for it). */
  name: z.string().min(1).max(80),
  builtIn: z.boolean(),
  available: z.boolean(),
  /** Why not (the program was not found), in words the user can act on; null when available. */
  reason: z.string().nullable(),
  /** A one-line install hint for a missing built-in agent ("npm install -g @google/gemini-cli"); null otherwise. */
  installHint: z.string().nullable(),
});
export type AcpAgentInfo = z.infer<typeof AcpAgentInfoSchema>;

const EnvName = z.string().min(1).max(128).regex(/^[A-Za-z_][A-Za-z0-9_]*$/);

/** An agent the user defined in Settings → Agents: a name, a command, arguments and environment. */
export const CustomAcpAgentSchema = z
  .object({
    id: AcpAgentIdSchema.refine((id) => id.startsWith('custom-'), 'a user-defined agent id starts with custom-'),
    name: z.string().trim().min(1).max(80),
    command: z.string().trim().min(1).max(4_096),
    args: z.array(z.string().max(4_096)).max(64),
    /** Extra environment for this agent only (its own key, say); shown as names, never sent back with values to other agents. */
    env: z.record(EnvName, z.string().max(8_192)),
  })
  .strict();
export type CustomAcpAgent = z.infer<typeof CustomAcpAgentSchema>;

/** An MCP server the agent starts itself (stdio), as the user configures it for one agent. */
export const McpStdioServerSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    command: z.string().trim().min(1).max(4_096),
    args: z.array(z.string().max(4_096)).max(64).default([]),
    /** Its environment; a secret's value is masked outside the core, as a user agent's env. */
    env: z.record(EnvName, z.string().max(8_192)).default({}),
  })
  .strict();
export type McpStdioServer = z.infer<typeof McpStdioServerSchema>;

/** Settings → Agents for ACP: where the built-in agents are (null: `SWARMDESK_*_PATH`, else PATH) and the user's own. */
export const AcpSettingsSchema = z
  .object({
    geminiPath: z.string().trim().min(1).max(4_096).nullable(),
    codexAcpPath: z.string().trim().min(1).max(4_096).nullable(),
    qwenPath: z.string().trim().min(1).max(4_096).nullable(),
    custom: z.array(CustomAcpAgentSchema).max(32),
    /** MCP servers per agent (built-in or the user's), passed to its `session/new` and `session/load`. */
    mcpServers: z.record(AcpAgentIdSchema, z.array(McpStdioServerSchema).max(20)).default({}),
  })
  .strict();
export type AcpSettings = z.infer<typeof AcpSettingsSchema>;

/** The kinds ACP gives a permission option (the agent's own name is what is shown). */
export const PermissionOptionKindSchema = z.enum(['allow_once', 'allow_always', 'reject_once', 'reject_always']);

export const PermissionOptionSchema = z.object({
  optionId: z.string().min(1).max(200),
  /** The agent's own words for it ("Allow", "Allow for this session", "Reject"). */
  name: z.string().min(1).max(200),
  kind: PermissionOptionKindSchema,
});
export type PermissionOption = z.infer<typeof PermissionOptionSchema>;

/** A permission request a live ACP session waits on (the session's status is `waiting` meanwhile). */
export const PermissionRequestSchema = z.object({
  sessionId: SessionIdSchema,
  /** Swarmdesk's id for this request (answers name it, so a stale answer cannot hit a newer request). */
  requestId: z.string().min(1).max(64),
  /** The tool call's title as the agent gave it ("WriteFile notes.txt"). */
  title: z.string().max(2_000),
  /** The tool call's kind (`edit`, `execute`, …) or null. */
  toolKind: z.string().max(64).nullable(),
  /** Files it touches, as the agent listed them. */
  locations: z.array(z.string().max(4_096)).max(50),
  options: z.array(PermissionOptionSchema).min(1).max(20),
  at: z.number().int().nonnegative(),
});
export type PermissionRequest = z.infer<typeof PermissionRequestSchema>;

/** One choice the agent offers (a mode, a model), by the agent's own id and name. */
export const AcpChoiceSchema = z.object({ id: z.string().min(1).max(200), name: z.string().min(1).max(200), description: z.string().max(2_000).nullable() });
export type AcpChoice = z.infer<typeof AcpChoiceSchema>;

/** The current choice and what the agent offers; null when the agent offers none. */
export const AcpChoicesSchema = z.object({ current: z.string().max(200), available: z.array(AcpChoiceSchema).max(200) }).nullable();
export type AcpChoices = z.infer<typeof AcpChoicesSchema>;

/** The modes and models of a session's agent, as it last reported them (both null until it has run once in this core). */
export const AcpSessionOptionsSchema = z.object({ modes: AcpChoicesSchema, models: AcpChoicesSchema });
export type AcpSessionOptions = z.infer<typeof AcpSessionOptionsSchema>;

export const acpChannels = {
  /** The ACP agents Swarmdesk knows: built-in ones (found or not) and the user's own. */
  'acp:agents': channel(z.object({ host: HostNameSchema.optional() }).strict(), z.object({ agents: z.array(AcpAgentInfoSchema) })),
  'acp:settings': channel(z.object({}).strict(), AcpSettingsSchema),
  /** Replaces the ACP settings (paths and user-defined agents); answers with the agents as now found. */
  'acp:setSettings': channel(AcpSettingsSchema, z.object({ settings: AcpSettingsSchema, agents: z.array(AcpAgentInfoSchema) })),
  /** The permission request a session waits on now, or null (a pane asks when it opens). */
  'acp:permission': channel(z.object({ id: SessionIdSchema }).strict(), z.object({ request: PermissionRequestSchema.nullable() })),
  /**
   * Answers it with one of its options. NOT_FOUND when that request is no longer pending
   * (answered elsewhere, or the turn was stopped).
   */
  'acp:answerPermission': channel(
    z.object({ id: SessionIdSchema, requestId: z.string().min(1).max(64), optionId: z.string().min(1).max(200) }).strict(),
    z.object({ ok: z.literal(true) }),
  ),
  /** The modes and models a session's agent offers and the current ones. */
  'acp:sessionOptions': channel(z.object({ id: SessionIdSchema }).strict(), AcpSessionOptionsSchema),
  /**
   * Chooses a mode: applied at once on the running agent (`session/set_mode`), and kept for the session, applied
   * again whenever its agent starts. BAD_INPUT when the agent does not offer it.
   */
  'acp:setMode': channel(z.object({ id: SessionIdSchema, modeId: z.string().min(1).max(200) }).strict(), AcpSessionOptionsSchema),
  /** Chooses a model, as `acp:setMode` (the agent's model config option). */
  'acp:setModel': channel(z.object({ id: SessionIdSchema, modelId: z.string().min(1).max(200) }).strict(), AcpSessionOptionsSchema),
} as const;

export const acpEvents = {
  /** A session's pending permission request changed: a new one, or null once answered or cancelled. */
  'acp:permission': z.object({ sessionId: SessionIdSchema, request: PermissionRequestSchema.nullable() }),
  /** A session's modes or models changed (the agent started, reported a change, or the user chose). */
  'acp:sessionOptions': AcpSessionOptionsSchema.extend({ sessionId: SessionIdSchema }),
} as const;
