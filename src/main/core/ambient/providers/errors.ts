/** Turning whatever a call threw into a ProviderError that says what happened. */
import { ProviderError } from './types';
import { raceAbort, type Deadline } from './deadline';

function statusOf(err: unknown): number | undefined {
  if (err && typeof err === 'object' && 'status' in err && typeof err.status === 'number') return err.status;
  return undefined;
}

export function toProviderError(err: unknown, deadline: Deadline, provider: string): ProviderError {
  if (err instanceof ProviderError) return err;
  if (deadline.reason === 'caller') return new ProviderError('aborted', `${provider}: cancelled`);
  if (deadline.reason !== null) return new ProviderError('timeout', `${provider}: no answer in time (${deadline.reason} bound)`);
  const status = statusOf(err);
  const message = err instanceof Error ? err.message : String(err);
  if (status !== undefined) return new ProviderError('http', `${provider}: HTTP ${status}: ${message.slice(0, 200)}`, status);
  if (/connection|ECONNRESET|ECONNREFUSED|socket|network|fetch failed|terminated/i.test(message)) {
    return new ProviderError('network', `${provider}: connection failed: ${message.slice(0, 200)}`);
  }
  return new ProviderError('bad-response', `${provider}: ${message.slice(0, 200)}`);
}

/**
 * One provider call inside its deadline: it ends at the bound even when the SDK does not
 * watch the signal, whatever it throws becomes a ProviderError, and the timers are cleared.
 */
export async function withinDeadline<T>(deadline: Deadline, provider: string, work: () => Promise<T>): Promise<T> {
  try {
    return await raceAbort(work(), deadline.signal);
  } catch (err) {
    throw toProviderError(err, deadline, provider);
  } finally {
    deadline.dispose();
  }
}
