import { channels, isChannelName, type ChannelName, type ChannelOutput, type ChannelParsedInput } from '../../../shared/ipc/contract';
import { AppError, fail, ok, type Result } from '../../../shared/result';
import { createLogger } from '../logger';
import { RateLimitedWarnings } from '../rateLimitedLog';
import { storageAppError, storageFault } from '../store/faults';

const log = createLogger('router');

/**
 * What the front that made a request can do for it (its window's folder
 * picker, OS notifications, the icon badge, the user's browser). Under the
 * session host these are asked of that front over its socket; the host has no
 * window. A click on a notification is handled by the front that showed it.
 */
export interface FrontAbilities {
  readonly transport: 'electron' | 'web';
  openExternal(url: string): Promise<boolean>;
  pickFolder?(defaultPath: string | undefined): Promise<string | null>;
  notify?(notification: { title: string; body: string; sessionId: string }): Promise<boolean>;
  setBadgeCount?(count: number): Promise<boolean>;
}

/** Who asked: which transport, already checked for sender/origin/token by it. */
export interface RequestContext {
  readonly transport: 'electron' | 'web' | 'test';
  /** The requesting front's own abilities (session host); absent in-process, where the core's Platform serves. */
  readonly front?: FrontAbilities;
}

export type Handler<C extends ChannelName, S> = (
  input: ChannelParsedInput<C>,
  services: S,
  ctx: RequestContext,
) => ChannelOutput<C> | Promise<ChannelOutput<C>>;

export type HandlerMap<S> = { [C in ChannelName]: Handler<C, S> };

/** Largest request we accept, as serialised JSON characters. */
export const MAX_REQUEST_CHARS = 2_000_000;

/**
 * One router for both transports (SPEC §3): parse the input, call the one
 * handler for the channel, parse the output, wrap it in an envelope. Nothing
 * a handler throws leaves here as raw text.
 */
export class Router<S> {
  /** A client can send bad requests at will: their warnings are bounded (20 a minute, then a count). */
  private readonly clientWarnings = new RateLimitedWarnings(log, 20, 60_000);
  /** A failing handler a client can call again and again: its errors are bounded the same way. */
  private readonly handlerErrors = new RateLimitedWarnings(log, 20, 60_000, Date.now, 'error');

  constructor(
    private readonly handlers: HandlerMap<S>,
    private readonly services: S,
  ) {}

  async handle(channel: unknown, rawInput: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    if (!isChannelName(channel)) {
      this.clientWarnings.warn('unknown channel', { channel: String(channel).slice(0, 80), transport: ctx.transport });
      return fail('UNKNOWN_CHANNEL', 'No such channel.');
    }
    return this.dispatch(channel, rawInput, ctx);
  }

  private async dispatch<C extends ChannelName>(channel: C, rawInput: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    const spec = channels[channel];
    const parsed = spec.input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      this.clientWarnings.warn('bad input', { channel, transport: ctx.transport, issue: issue?.message });
      return fail('BAD_INPUT', `Invalid input for ${channel}${where}: ${issue?.message ?? 'does not match'}`);
    }
    try {
      const handler = this.handlers[channel] as Handler<C, S>;
      const value = await handler(parsed.data as ChannelParsedInput<C>, this.services, ctx);
      const out = spec.output.safeParse(value);
      if (!out.success) {
        log.error('handler output failed its schema', { channel, issue: out.error.issues[0]?.message, path: out.error.issues[0]?.path });
        return fail('INTERNAL', 'The app produced an invalid reply; it was not sent.');
      }
      return ok(out.data);
    } catch (err) {
      if (err instanceof AppError) return fail(err.code, err.message);
      // A locked or full database is the file's state, not a bug: a typed reply, and the app carries on.
      const fault = storageFault(err);
      if (fault) {
        log.warn('a request could not write', { channel, fault });
        const typed = storageAppError(fault);
        return fail(typed.code, typed.message);
      }
      this.handlerErrors.warn('handler threw', { channel, err });
      return fail('INTERNAL', 'Something went wrong in Swarmdesk; details are in the log.');
    }
  }
}
