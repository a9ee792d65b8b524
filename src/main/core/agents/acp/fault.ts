/** A typed fault of an ACP agent: its message is the plain sentence of the error entry. */
export class AgentFault extends Error {
  override readonly name = 'AgentFault';
}

/** `p`, or an AgentFault naming `what` when it has not settled within `ms`. */
export function bounded<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AgentFault(`The agent did not answer ${what} within ${Math.round(ms / 1000)} s; Swarmdesk ended it.`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** An agent's JSON-RPC error in words: its message and, clipped, the details it gave. */
export function describeError(err: unknown): string {
  const e = err as { message?: unknown; data?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(err);
  if (e.data === undefined || e.data === null) return message;
  let data: string;
  try {
    data = typeof e.data === 'string' ? e.data : JSON.stringify(e.data);
  } catch {
    return message;
  }
  return data && data !== '{}' ? `${message} (${data.length > 300 ? `${data.slice(0, 300)}…` : data})` : message;
}
