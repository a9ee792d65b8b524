import { timingSafeEqual } from 'node:crypto';
import { STATUS_LEVEL } from '../../../shared/domain/statusLevels';
import type { FrontAbilities } from '../../core';
import type { ClientFrame, FrontAbility, FrontKind, HostFrame } from './frames';

/** What the host is, as a front's hello is judged against it. */
export interface HostIdentity {
  readonly secret: string;
  readonly protocol: string;
  readonly version: string;
  /**
   * This contract's fingerprints at older status levels (`fingerprint.ts`), each with its level: a front that
   * says one of them differs only in the status words and is admitted at that level (it is told words it knows).
   */
  readonly olderProtocols?: ReadonlyMap<string, number>;
}

/** A front's first frame judged: admitted (a control connection is `--status`/`--stop`), or the refusal to send it. */
export type HelloVerdict =
  | { readonly admitted: true; readonly control: boolean; readonly hello: Extract<ClientFrame, { t: 'hello' }>; readonly level: number }
  | { readonly admitted: false; readonly refusal: Extract<HostFrame, { t: 'refused' }>; readonly reason: 'secret' | 'version' | 'stopping' };

function secretsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The first frame must be a hello with the per-start secret (compared in constant time); a front (not a
 * control connection) must speak the host's contract, and may not attach while the host is stopping.
 */
export function judgeHello(frame: ClientFrame, host: HostIdentity, stopping: boolean): HelloVerdict {
  const refused = (code: 'FORBIDDEN' | 'VERSION_MISMATCH' | 'STOPPING', message: string): Extract<HostFrame, { t: 'refused' }> => ({
    t: 'refused',
    code,
    message,
    version: host.version,
    protocol: host.protocol,
    pid: process.pid,
  });
  if (frame.t !== 'hello' || !secretsEqual(frame.secret, host.secret)) {
    return { admitted: false, reason: 'secret', refusal: refused('FORBIDDEN', 'This connection did not present the session host secret.') };
  }
  const control = frame.control;
  const level = frame.protocol === host.protocol ? STATUS_LEVEL : host.olderProtocols?.get(frame.protocol);
  if (!control && level === undefined) {
    const message = `The session host runs Swarmdesk ${host.version} (contract ${host.protocol}); this front is ${frame.version} (contract ${frame.protocol}).`;
    return { admitted: false, reason: 'version', refusal: refused('VERSION_MISMATCH', message) };
  }
  if (stopping && !control) return { admitted: false, reason: 'stopping', refusal: refused('STOPPING', 'The session host is stopping.') };
  return { admitted: true, control, hello: frame, level: level ?? STATUS_LEVEL };
}

/** The abilities a front said it has, each asked of that front over its socket. */
export function frontAbilities(kind: FrontKind, has: ReadonlySet<FrontAbility>, ask: (ability: FrontAbility, args: unknown[]) => Promise<unknown>): FrontAbilities {
  return {
    transport: kind === 'electron' ? 'electron' : 'web',
    openExternal: async (url) => (has.has('openExternal') ? (await ask('openExternal', [url])) === true : false),
    ...(has.has('pickFolder') && {
      pickFolder: async (defaultPath: string | undefined) => {
        const folder = await ask('pickFolder', [defaultPath ?? null]);
        return typeof folder === 'string' ? folder : null;
      },
    }),
    ...(has.has('notify') && {
      notify: async (n: { title: string; body: string; sessionId: string }) => (await ask('notify', [n])) === true,
    }),
    ...(has.has('setBadgeCount') && { setBadgeCount: async (count: number) => (await ask('setBadgeCount', [count])) === true }),
  };
}
