import { describe, expect, it } from 'vitest';
import { ClientFrameSchema, type ClientFrame, type FrontAbility } from '../../../src/main/transport/socket/frames';
import { frontAbilities, judgeHello } from '../../../src/main/transport/socket/frontAdmission';
import { STATUS_LEVEL } from '../../../src/shared/domain/statusLevels';

const host = { secret: 's3cret-for-this-start', protocol: 'contract-a', version: '1.2.0' };

function hello(over: Record<string, unknown> = {}): ClientFrame {
  return ClientFrameSchema.parse({
    t: 'hello',
    secret: host.secret,
    protocol: host.protocol,
    version: '1.2.0',
    front: { kind: 'web', pid: 42, url: null },
    abilities: [],
    env: {},
    ...over,
  });
}

describe('a front hello judged by the host', () => {
  it('admits a front with the secret and the same contract', () => {
    const verdict = judgeHello(hello(), host, false);
    expect(verdict).toMatchObject({ admitted: true, control: false });
  });

  it('refuses without the secret (a wrong one, a shorter one, or no hello at all) as FORBIDDEN', () => {
    for (const frame of [hello({ secret: 's3cret-for-this-stars' }), hello({ secret: 's3cret' }), ClientFrameSchema.parse({ t: 'status' })]) {
      const verdict = judgeHello(frame, host, false);
      expect(verdict).toMatchObject({ admitted: false, reason: 'secret', refusal: { t: 'refused', code: 'FORBIDDEN', version: '1.2.0', protocol: 'contract-a' } });
    }
  });

  it('refuses another contract, naming both versions; a control connection passes across contracts', () => {
    const verdict = judgeHello(hello({ protocol: 'contract-b', version: '1.3.0' }), host, false);
    expect(verdict.admitted).toBe(false);
    if (!verdict.admitted) {
      expect(verdict.refusal.code).toBe('VERSION_MISMATCH');
      expect(verdict.refusal.message).toBe('The session host runs Swarmdesk 1.2.0 (contract contract-a); this front is 1.3.0 (contract contract-b).');
    }
    expect(judgeHello(hello({ protocol: 'contract-b', control: true }), host, false)).toMatchObject({ admitted: true, control: true });
  });

  it('admits a front of this contract at an older status level at that level; this contract at its own level is the current one', () => {
    const withOlder = { ...host, olderProtocols: new Map([['contract-a-level-1', 1]]) };
    expect(judgeHello(hello({ protocol: 'contract-a-level-1' }), withOlder, false)).toMatchObject({ admitted: true, level: 1 });
    expect(judgeHello(hello(), withOlder, false)).toMatchObject({ admitted: true, level: STATUS_LEVEL });
    expect(judgeHello(hello({ protocol: 'contract-b' }), withOlder, false)).toMatchObject({ admitted: false, reason: 'version' });
    // Without the older fingerprints (a host given one contract): that one only.
    expect(judgeHello(hello({ protocol: 'contract-a-level-1' }), host, false)).toMatchObject({ admitted: false, reason: 'version' });
  });

  it('refuses a front while stopping, but lets a control connection in (--status, --stop)', () => {
    expect(judgeHello(hello(), host, true)).toMatchObject({ admitted: false, reason: 'stopping', refusal: { code: 'STOPPING' } });
    expect(judgeHello(hello({ control: true }), host, true)).toMatchObject({ admitted: true, control: true });
  });
});

describe("a front's abilities", () => {
  it('asks only for what the front said it has; openExternal answers false without asking', async () => {
    const asked: Array<[FrontAbility, unknown[]]> = [];
    const ask = async (ability: FrontAbility, args: unknown[]): Promise<unknown> => {
      asked.push([ability, args]);
      return ability === 'pickFolder' ? '/home/me/src' : true;
    };
    const none = frontAbilities('web', new Set(), ask);
    expect(await none.openExternal('https://example.com')).toBe(false);
    expect(none.pickFolder).toBeUndefined();
    expect(asked).toEqual([]);
    const window = frontAbilities('electron', new Set<FrontAbility>(['openExternal', 'pickFolder']), ask);
    expect(window.transport).toBe('electron');
    expect(await window.pickFolder?.(undefined)).toBe('/home/me/src');
    expect(await window.openExternal('https://example.com')).toBe(true);
    expect(asked).toEqual([
      ['pickFolder', [null]],
      ['openExternal', ['https://example.com']],
    ]);
  });
});
