import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, HARDENING_HEADERS } from '../../../src/main/transport/csp';

function directives(csp: string): Map<string, string> {
  return new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...rest] = d.split(/\s+/);
    return [name ?? '', rest.join(' ')];
  }));
}

describe('Content-Security-Policy (SPEC §11)', () => {
  it('is the strict policy in Electron, with no socket at all', () => {
    expect(contentSecurityPolicy({ kind: 'electron' })).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it('in web mode allows only this server own WebSocket port', () => {
    const d = directives(contentSecurityPolicy({ kind: 'web', port: 4100 }));
    expect(d.get('connect-src')).toBe("'self' ws://127.0.0.1:4100 ws://localhost:4100");
    expect(d.get('script-src')).toBe("'self'");
  });

  it.each([{ kind: 'electron' } as const, { kind: 'web', port: 1 } as const])('never allows eval, inline script or plugins (%o)', (target) => {
    const csp = contentSecurityPolicy(target);
    const d = directives(csp);
    expect(csp).not.toContain('unsafe-eval');
    expect(d.get('script-src')).not.toContain('unsafe-inline');
    expect(d.get('object-src')).toBe("'none'");
    expect(d.get('base-uri')).toBe("'none'");
    expect(d.get('frame-ancestors')).toBe("'none'");
    expect(csp).not.toContain('*'); // no wildcard sources or ports
  });

  it('comes with nosniff and no-referrer', () => {
    expect(HARDENING_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(HARDENING_HEADERS['Referrer-Policy']).toBe('no-referrer');
  });
});
