import { randomUUID } from 'node:crypto';
import { RequestError, type ReadTextFileRequest, type ReadTextFileResponse, type RequestPermissionRequest, type RequestPermissionResponse, type WriteTextFileRequest } from '@agentclientprotocol/sdk';
import { PermissionOptionSchema, type PermissionOption, type PermissionRequest } from '../../../../shared/ipc/acp';
import type { AgentEventSink } from '../types';
import { FsRefused, readConfined, writeConfined } from './fsConfine';
import type { PendingPermissions } from './permissions';
import { shownPath } from './translate';

/*
 * What the agent asks of us: permission for a tool call (the user answers in the pane; the
 * session waits, status `waiting`) and the two fs methods, confined to the session's folder.
 * Each leaves its note in the transcript as issue 16's conventions say.
 */

export interface ClientSide {
  readonly sessionId: string;
  readonly folder: string;
  readonly sink: AgentEventSink;
  readonly permissions: PendingPermissions;
  /** Called before the session waits on the user and after it has the answer (the watchdog pauses). */
  readonly waiting: (yes: boolean) => void;
  /** The text streaming now is committed before a note lands after it. */
  readonly commitStream: () => void;
}

function note(side: ClientSide, text: string, meta: Record<string, string | boolean | null>): void {
  side.sink({ type: 'entry', entry: { kind: 'note', text, meta } });
}

export async function requestPermission(side: ClientSide, params: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse> {
  const call = params.toolCall;
  const options = params.options.flatMap((o): PermissionOption[] => {
    const parsed = PermissionOptionSchema.safeParse(o);
    return parsed.success ? [parsed.data] : [];
  });
  if (options.length === 0) throw RequestError.invalidParams(undefined, 'a permission request needs at least one option');
  const title = (call.title ?? 'a tool call').slice(0, 2_000);
  const request: PermissionRequest = {
    sessionId: side.sessionId,
    requestId: randomUUID(),
    title,
    toolKind: call.kind ?? null,
    locations: (call.locations ?? []).map((l) => shownPath(l.path, side.folder).slice(0, 4_096)).slice(0, 50),
    options: options.slice(0, 20),
    at: Date.now(),
  };
  side.commitStream();
  note(side, `Permission asked: ${title}`, { permission: 'asked', requestId: request.requestId });
  side.waiting(true);
  side.sink({ type: 'status', status: 'waiting' });
  const onAbort = (): void => {
    side.permissions.cancel(side.sessionId, request.requestId);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  const answer = await side.permissions.ask(request);
  signal.removeEventListener('abort', onAbort);
  side.waiting(false);
  if (answer.outcome === 'cancelled') {
    note(side, `Permission request cancelled: ${title}`, { permission: 'cancelled', requestId: request.requestId });
    return { outcome: { outcome: 'cancelled' } };
  }
  note(side, `You chose “${answer.option.name}”: ${title}`, { permission: 'answered', requestId: request.requestId, optionId: answer.option.optionId, optionKind: answer.option.kind });
  side.sink({ type: 'status', status: 'working' });
  return { outcome: { outcome: 'selected', optionId: answer.option.optionId } };
}

function refused(side: ClientSide, method: 'fs/read_text_file' | 'fs/write_text_file', err: unknown): never {
  if (err instanceof FsRefused) {
    if (err.why !== 'there is no such file') {
      side.commitStream();
      note(side, `Refused the agent's ${err.op} of ${shownPath(err.path, side.folder)}: ${err.why}`, { refused: method });
    }
    if (err.why === 'there is no such file') throw RequestError.resourceNotFound(err.path);
    throw RequestError.invalidParams(undefined, err.message);
  }
  throw RequestError.internalError(undefined, (err as Error).message);
}

export async function readTextFile(side: ClientSide, params: ReadTextFileRequest): Promise<ReadTextFileResponse> {
  try {
    return { content: await readConfined(side.folder, params.path, params.line, params.limit) };
  } catch (err) {
    return refused(side, 'fs/read_text_file', err);
  }
}

export async function writeTextFile(side: ClientSide, params: WriteTextFileRequest): Promise<Record<string, never>> {
  try {
    await writeConfined(side.folder, params.path, params.content);
    return {};
  } catch (err) {
    return refused(side, 'fs/write_text_file', err);
  }
}
