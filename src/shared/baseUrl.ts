/**
 * A model provider's base URL as the user types it in Settings (issue 28): only `http:` and `https:`
 * are endpoints; plain `http:` to a host other than this machine sends the prompt (and the key) in the
 * clear, so it needs the user's own "Allow plain HTTP to this host". Values from the environment
 * (ANTHROPIC_BASE_URL, OPENAI_BASE_URL) are trusted as given and never pass through here. Zod-free and
 * pure: main refuses with it (BAD_INPUT) and the settings screen says the same next to the field.
 */

/** Whether `hostname` (as `URL` gives it) is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  return /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** A base URL's scheme and host, or null when it does not parse as a URL. */
function parse(url: string): { protocol: string; hostname: string } | null {
  try {
    const parsed = new URL(url);
    return { protocol: parsed.protocol, hostname: parsed.hostname };
  } catch {
    return null;
  }
}

/** Whether `url` is plain HTTP to another machine: the case the "Allow plain HTTP to this host" box is for. */
export function isPlainHttpElsewhere(url: string | null): boolean {
  if (url === null) return false;
  const parsed = parse(url.trim());
  return parsed !== null && parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname);
}

/**
 * Why `url` cannot be a provider's base URL, in a sentence naming the field (`label`, "OpenAI base URL"),
 * or null when it can. null (no URL: the provider's default) is always fine.
 */
export function baseUrlProblem(label: string, url: string | null, allowPlainHttp: boolean): string | null {
  if (url === null) return null;
  const parsed = parse(url.trim());
  if (parsed === null) return `The ${label} is not a URL. Type one such as https://api.example.com/v1.`;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `The ${label} must start with https:// (or http://), not ${parsed.protocol}. Only web addresses can be model endpoints.`;
  }
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname) && !allowPlainHttp) {
    return `The ${label} uses plain HTTP to ${parsed.hostname}, which sends prompts and the key unencrypted. Use https://, or tick "Allow plain HTTP to this host".`;
  }
  return null;
}
