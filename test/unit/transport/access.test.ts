import { describe, expect, it } from 'vitest';
import { createAccessToken, isAllowedHost, isAllowedOrigin, loopbackPort, tokensEqual } from '../../../src/main/transport/web/access';

describe('web access token', () => {
  it('is 32 random bytes, URL-safe, different every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => createAccessToken()));
    expect(tokens.size).toBe(50);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('compares equal tokens only', () => {
    const t = createAccessToken();
    expect(tokensEqual(t, t)).toBe(true);
    expect(tokensEqual(t, t.slice(0, -1))).toBe(false);
    expect(tokensEqual(t, t + 'x')).toBe(false);
    expect(tokensEqual(t, t.toUpperCase() === t ? t.toLowerCase() : t.toUpperCase())).toBe(false);
    expect(tokensEqual(t, '')).toBe(false);
    expect(tokensEqual(t, undefined)).toBe(false);
    expect(tokensEqual(t, 42)).toBe(false);
    expect(tokensEqual(t, 'x'.repeat(5000))).toBe(false);
  });
});

describe('Host and Origin allow-lists (DNS rebinding, other sites)', () => {
  it('accepts loopback names on any port (an SSH tunnel changes the port), and nothing else', () => {
    for (const h of ['127.0.0.1:4100', 'localhost:4100', 'LOCALHOST:4100', 'localhost:5000', '127.0.0.1:1', '[::1]:4100', '127.0.0.1']) {
      expect(isAllowedHost(h), h).toBe(true);
    }
    for (const h of ['evil.example:4100', 'evil.example', '0.0.0.0:4100', '127.0.0.2:4100', 'localhost.evil.example:4100', '127.0.0.1:99999', '127.0.0.1:0', 'localhost:', undefined]) {
      expect(isAllowedHost(h), String(h)).toBe(false);
    }
    expect(loopbackPort('localhost:5000')).toBe(5000);
    expect(loopbackPort('127.0.0.1')).toBe(80);
  });

  it('accepts as Origin only the page at the very Host the upgrade was sent to', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4100', '127.0.0.1:4100')).toBe(true);
    expect(isAllowedOrigin('http://localhost:5000', 'localhost:5000')).toBe(true);
    expect(isAllowedOrigin('http://[::1]:5000', '[::1]:5000')).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1', '127.0.0.1:80')).toBe(true);
    const refused: Array<[string | undefined, string | undefined]> = [
      ['https://127.0.0.1:4100', '127.0.0.1:4100'],
      ['http://127.0.0.1:3000', '127.0.0.1:4100'], // another local page
      ['http://localhost:4100', '127.0.0.1:4100'],
      ['http://evil.example', '127.0.0.1:4100'],
      ['http://evil.example:4100', 'evil.example:4100'],
      ['null', '127.0.0.1:4100'],
      ['file://', '127.0.0.1:4100'],
      ['http://127.0.0.1:4100.evil.example', '127.0.0.1:4100'],
      [undefined, '127.0.0.1:4100'],
      ['http://127.0.0.1:4100', undefined],
    ];
    for (const [o, h] of refused) expect(isAllowedOrigin(o, h), `${o} @ ${h}`).toBe(false);
  });
});
