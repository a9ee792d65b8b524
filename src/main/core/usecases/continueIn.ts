import type { SessionKind, SessionRow } from '../../../shared/domain/session';
import { acceptLine } from '../../../shared/judge';
import { aSessionOfKind } from '../../../shared/label';
import { AppError } from '../../../shared/result';
import { SUMMARY_LIMITS } from '../ambient/judge-reply';
import type { Ambient } from '../ambient';
import type { Agents } from '../agents';
import { checkAcpAgent } from './newSession';
import type { SessionsService } from '../services/sessions';

/*
 * "Continue in…" (SPEC §9.5): a session of another kind in the same folder, seeded with the
 * origin's running summary and its last user request, linked both ways by a note in each
 * transcript whose meta names the other session (`continuedFrom` / `continuedIn`; session
 * options are a closed set checked by the schema). The stored summary is
 * judged again as model output; a refused one is left out (the last request still goes).
 */

export type ContinueKind = Exclude<SessionKind, 'imported'>;

/** The first message of the new session (pure). */
export function buildContinueMessage(input: { originKind: SessionKind; folder: string; summary: string | null; lastRequest: string | null }): string {
  const lines = [`Continuing work from ${aSessionOfKind(input.originKind)} in ${input.folder}.`];
  if (input.summary) lines.push(`Summary so far: ${input.summary}`);
  if (input.lastRequest) lines.push(`Last request: ${input.lastRequest}`);
  return lines.join('\n\n');
}

/** The note that opens the new session: where it came from (pure). */
export function continuedFromNote(origin: { kind: SessionKind; title: string | null }): string {
  return `Continued from ${aSessionOfKind(origin.kind)}${origin.title ? ` (“${origin.title}”)` : ''}.`;
}

/** The stored running summary when the judge still accepts it as model output, else null. */
export function usableSummary(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object' || typeof (raw as { text?: unknown }).text !== 'string') return null;
  const judged = acceptLine((raw as { text: string }).text, SUMMARY_LIMITS, 'preview');
  return judged.ok ? judged.text : null;
}

export async function continueIn(
  deps: { sessions: SessionsService; ambient: Ambient; agents: Pick<Agents, 'acp' | 'writeNewSessionOptions'> },
  input: { id: string; kind: ContinueKind; agent?: string | undefined },
): Promise<SessionRow> {
  const origin = deps.sessions.get(input.id);
  if (input.agent !== undefined && input.kind !== 'acp') throw new AppError('BAD_INPUT', 'An agent is only for an ACP session.');
  const acpAgent = input.kind === 'acp' ? checkAcpAgent(deps.agents.acp.catalog, input.agent) : null;
  const ambient = deps.ambient.engine.resolved();
  if (ambient.chain.length === 0 || !ambient.settings.features.runningSummary) {
    throw new AppError('UNAVAILABLE', 'Continue in… needs the running summary, and ambient work is off (Settings).');
  }
  const summary = usableSummary(deps.ambient.runningSummary(origin.id));
  const lastRequest = deps.sessions.newestEntries(origin.id, 200).filter((e) => e.kind === 'user').at(-1)?.text.trim() || null;
  if (!summary && !lastRequest) {
    throw new AppError('UNAVAILABLE', 'Nothing to continue from yet: this session has no usable running summary and no request.');
  }
  const text = buildContinueMessage({ originKind: origin.kind, folder: origin.folder, summary, lastRequest });
  const row = deps.sessions.create({
    kind: input.kind,
    folder: origin.folder,
    backendId: null,
    withinCreate: (created) => {
      deps.agents.writeNewSessionOptions(created.id, { acpAgent });
    },
  });
  deps.sessions.recordEntry(origin.id, 'note', `Continued in a new ${aSessionOfKind(input.kind).replace(/^an? /, '')}.`, { continuedIn: row.id });
  deps.sessions.recordEntry(row.id, 'note', continuedFromNote(origin), { continuedFrom: origin.id });
  // A shell would run the text as commands: a terminal gets it as a note to read.
  if (input.kind === 'terminal') deps.sessions.recordEntry(row.id, 'note', text);
  else await deps.sessions.send(row.id, text);
  return deps.sessions.get(row.id);
}
