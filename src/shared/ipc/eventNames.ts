/**
 * Every push event name, without the payload schemas: what the renderer's
 * entry chunk needs to buffer pushes before zod and the schemas have loaded
 * (first paint). `events.ts` checks at compile time that this list and
 * `eventSchemas` name the same events.
 */
export const EVENT_NAMES = [
  'session:changed',
  'session:removed',
  'entry:added',
  'entry:streaming',
  'app:notice',
  'session:usage',
  'app:openSession',
  'session:suggestion',
  'session:pickupNote',
  'session:changes',
  'review:changed',
  'terminal:data',
  'terminal:exit',
  'host:state',
  'acp:permission',
  'acp:sessionOptions',
  'hosts:changed',
] as const;
