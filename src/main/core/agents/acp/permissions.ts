import type { PermissionOption, PermissionRequest } from '../../../../shared/ipc/acp';
import { AppError } from '../../../../shared/result';

/*
 * The permission requests live ACP sessions wait on, one map for the whole backend (not module
 * state): the handlers read and answer them, the sessions ask and cancel. A request stays
 * until it is answered, cancelled by Stop, or its agent is gone: it never times out.
 */

export type PermissionAnswer = { readonly outcome: 'selected'; readonly option: PermissionOption } | { readonly outcome: 'cancelled' };

interface Pending {
  readonly request: PermissionRequest;
  readonly settle: (answer: PermissionAnswer) => void;
}

export class PendingPermissions {
  private readonly bySession = new Map<string, Pending[]>();

  constructor(
    /** The `acp:permission` push: the session's request now (the oldest pending), or null. */
    private readonly push: (sessionId: string, request: PermissionRequest | null) => void,
  ) {}

  /** Waits for the user's answer to `request`. */
  ask(request: PermissionRequest): Promise<PermissionAnswer> {
    return new Promise((resolve) => {
      const list = this.bySession.get(request.sessionId) ?? [];
      list.push({ request, settle: resolve });
      this.bySession.set(request.sessionId, list);
      if (list.length === 1) this.push(request.sessionId, request);
    });
  }

  current(sessionId: string): PermissionRequest | null {
    return this.bySession.get(sessionId)?.[0]?.request ?? null;
  }

  /** The user's choice. NOT_FOUND when that request is no longer pending; BAD_INPUT for an option it does not offer. */
  answer(sessionId: string, requestId: string, optionId: string): PermissionOption {
    const list = this.bySession.get(sessionId) ?? [];
    const pending = list.find((p) => p.request.requestId === requestId);
    if (!pending) throw new AppError('NOT_FOUND', 'That permission request is no longer pending (it was answered, or the turn was stopped).');
    const option = pending.request.options.find((o) => o.optionId === optionId);
    if (!option) throw new AppError('BAD_INPUT', `The agent did not offer the option "${optionId}" for this request.`);
    this.remove(sessionId, requestId);
    pending.settle({ outcome: 'selected', option });
    return option;
  }

  /** Cancels one request (the agent withdrew it); false when it was not pending. */
  cancel(sessionId: string, requestId: string): boolean {
    const pending = this.bySession.get(sessionId)?.find((p) => p.request.requestId === requestId);
    if (!pending) return false;
    this.remove(sessionId, requestId);
    pending.settle({ outcome: 'cancelled' });
    return true;
  }

  /** Cancels every request of a session (Stop, a fault, the session closed); answers them `cancelled`. */
  cancelAll(sessionId: string): PermissionRequest[] {
    const list = this.bySession.get(sessionId) ?? [];
    this.bySession.delete(sessionId);
    if (list.length > 0) this.push(sessionId, null);
    for (const p of list) p.settle({ outcome: 'cancelled' });
    return list.map((p) => p.request);
  }

  private remove(sessionId: string, requestId: string): void {
    const list = this.bySession.get(sessionId) ?? [];
    const wasHead = list[0]?.request.requestId === requestId;
    const rest = list.filter((p) => p.request.requestId !== requestId);
    if (rest.length > 0) this.bySession.set(sessionId, rest);
    else this.bySession.delete(sessionId);
    if (wasHead) this.push(sessionId, rest[0]?.request ?? null);
  }
}
