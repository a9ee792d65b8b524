import { describe, expect, it } from 'vitest';
import { baseUrlProblem, isPlainHttpElsewhere } from '../../../src/shared/baseUrl';

describe('a provider base URL (issue 28)', () => {
  it('plain HTTP is this machine only for loopback names and addresses, not for look-alikes', () => {
    for (const url of ['http://localhost:11434/v1', 'http://LOCALHOST./v1', 'http://ollama.localhost/v1', 'http://127.0.0.1:4000', 'http://127.8.9.10', 'http://[::1]:8080/v1']) {
      expect(isPlainHttpElsewhere(url), url).toBe(false);
      expect(baseUrlProblem('OpenAI base URL', url, false), url).toBeNull();
    }
    for (const url of ['http://127.0.0.1.nip.io/v1', 'http://localhost.example.com', 'http://192.168.1.5:11434/v1', 'http://[::2]/', 'http://0.0.0.0:11434']) {
      expect(isPlainHttpElsewhere(url), url).toBe(true);
      expect(baseUrlProblem('OpenAI base URL', url, false), url).toMatch(/^The OpenAI base URL uses plain HTTP to /);
      expect(baseUrlProblem('OpenAI base URL', url, true), url).toBeNull();
    }
  });

  it('only http and https are endpoints; https needs no permission; no URL is the default', () => {
    expect(baseUrlProblem('Anthropic base URL', 'https://10.0.0.2/v1', false)).toBeNull();
    expect(baseUrlProblem('Anthropic base URL', null, false)).toBeNull();
    expect(baseUrlProblem('Anthropic base URL', 'ftp://example.com', true)).toBe(
      'The Anthropic base URL must start with https:// (or http://), not ftp:. Only web addresses can be model endpoints.',
    );
    expect(baseUrlProblem('Anthropic base URL', 'not a url', true)).toBe('The Anthropic base URL is not a URL. Type one such as https://api.example.com/v1.');
  });
});
