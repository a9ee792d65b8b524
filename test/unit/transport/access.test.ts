import { describe, expect, it } from 'vitest';
import { createAccessToken, isAllowedHost, isAllowedOrigin, tokensEqual } from '../../../src/main/transport/web/access';

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
  it('accepts loopback names with our port only', () => {
    expect(isAllowedHost('127.0.0.1:4100', 4100)).toBe(true);
    expect(isAllowedHost('localhost:4100', 4100)).toBe(true);
    expect(isAllowedHost('LOCALHOST:4100', 4100)).toBe(true);
    for (const h of ['127.0.0.1:4101', 'evil.example:4100', 'evil.example', '127.0.0.1', '0.0.0.0:4100', '[::1]:4100', undefined]) {
      expect(isAllowedHost(h, 4100)).toBe(false);
    }
  });

  it('accepts only pages this server could have served as Origin', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4100', 4100)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4100', 4100)).toBe(true);
    for (const o of ['https://127.0.0.1:4100', 'http://127.0.0.1:4101', 'http://evil.example', 'null', 'file://', 'http://127.0.0.1:4100.evil.example', undefined]) {
      expect(isAllowedOrigin(o, 4100)).toBe(false);
    }
  });
});
