/**
 * The one place that reads model API keys (SPEC §11): a key is bound to the endpoint it was
 * given for and is handed out only for a request to that same endpoint. A stored key is saved
 * with the normalised base URL in effect when it was entered; an environment key belongs to the
 * environment's base URL, or to the provider's default URL when none is set. Changing a base URL
 * therefore withholds the key until it is entered again for the new endpoint. Keys never leave
 * main: callers get them only to build a client, and the settings view sees only their state.
 */
import type { KeyState } from '../../../shared/ipc/settings';
import { AppError } from '../../../shared/result';

export type KeyedProvider = 'anthropic' | 'openai';

/** Where each SDK sends requests when no base URL is given. */
export const DEFAULT_BASE_URLS: Readonly<Record<KeyedProvider, string>> = {
  anthropic: 'https://api.anthropic.com',
  openai: 'https://api.openai.com/v1',
};

/**
 * Encrypts secrets at rest (Electron's safeStorage); absent in web mode. `isEncryptionAvailable` is false where
 * it would not really encrypt (Linux `basic_text`). Sealing and unsealing are async: the OS keychain may ask
 * the user, and the host's one thread must not wait on that.
 */
export interface SecretBox {
  isEncryptionAvailable(): boolean;
  encrypt(plain: string): Promise<string>;
  /** `reseal`: the keychain's key was rotated (or got stronger); seal the plain text again and store that. */
  decrypt(sealed: string): Promise<{ plain: string; reseal: boolean }>;
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * A base URL in one canonical form, or null when it is not an http(s) URL: scheme and host in
 * lower case (the URL parser does that), the scheme's default port dropped, trailing slashes,
 * query and fragment dropped. Two spellings of one endpoint compare equal; anything else differs.
 */
export function normaliseEndpoint(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const port = u.port && u.port !== DEFAULT_PORTS[u.protocol] ? `:${u.port}` : '';
  const auth = u.username || u.password ? `${u.username}:${u.password}@` : '';
  const path = u.pathname.replace(/\/+$/, '');
  return `${u.protocol}//${auth}${u.hostname}${port}${path}`;
}

/** Whether two base URLs name the same endpoint (null = the provider's default). */
export function sameEndpoint(which: KeyedProvider, a: string | null, b: string | null): boolean {
  const na = normaliseEndpoint(a ?? DEFAULT_BASE_URLS[which]);
  const nb = normaliseEndpoint(b ?? DEFAULT_BASE_URLS[which]);
  return na !== null && na === nb;
}

/** A type, not an interface: the settings table's JSON values take it as it is. */
type StoredKey = {
  enc: 'safe' | 'plain';
  value: string;
  /** The normalised endpoint it was entered for. Keys saved before binding existed have none: the default. */
  endpoint?: string;
};

/**
 * Where keys are kept, by name (`ambient.key.<provider>`): the settings table in the app. Its own small
 * port, so models/ needs nothing of the store (lint: models never import the store).
 */
export interface KeyValueStore {
  /** The stored value, or undefined when the key was never set. */
  get(key: string): unknown;
  set(key: string, value: StoredKey): void;
  remove(key: string): void;
}

/** The key to send to one endpoint, and what the settings screen says about it. */
export interface KeyGrant {
  /** The key, or null: none, or none for this endpoint. */
  readonly apiKey: string | null;
  /** `elsewhere`: a key exists but was given for another endpoint, so it is withheld. */
  readonly state: KeyState;
}

const keyName = (which: KeyedProvider): string => `ambient.key.${which}`;

function nonEmpty(v: string | undefined | null): string | null {
  return v && v.trim() !== '' ? v.trim() : null;
}

const KEYED_PROVIDERS: readonly KeyedProvider[] = ['anthropic', 'openai'];

export class Credentials {
  /** Sealed value → its plain text, filled by `unsealStored` and `setKey`: reads stay synchronous, in memory only. */
  private readonly unsealed = new Map<string, string>();

  constructor(
    private readonly repo: KeyValueStore,
    private readonly env: NodeJS.ProcessEnv,
    private readonly secrets: SecretBox | null,
  ) {}

  get encryptionAvailable(): boolean {
    return this.secrets?.isEncryptionAvailable() ?? false;
  }

  /** The environment's base URL for a provider, if any. */
  envBaseUrl(which: KeyedProvider): string | null {
    return nonEmpty(which === 'anthropic' ? this.env.ANTHROPIC_BASE_URL : this.env.OPENAI_BASE_URL);
  }

  /**
   * Unseals the stored keys once, at start: `keyFor` then answers from memory without waiting on the keychain.
   * A key the keychain asks to reseal is sealed again and stored; one that cannot be unsealed reads as none.
   */
  async unsealStored(): Promise<void> {
    if (!this.secrets) return;
    for (const which of KEYED_PROVIDERS) {
      const raw = this.repo.get(keyName(which)) as StoredKey | undefined;
      if (!raw || typeof raw !== 'object' || raw.enc !== 'safe' || typeof raw.value !== 'string') continue;
      try {
        const { plain, reseal } = await this.secrets.decrypt(raw.value);
        this.unsealed.set(raw.value, plain);
        if (!reseal) continue;
        const value = await this.secrets.encrypt(plain);
        // Unless the key was changed meanwhile (the settings screen is served while this runs).
        if ((this.repo.get(keyName(which)) as StoredKey | undefined)?.value !== raw.value) continue;
        this.repo.set(keyName(which), { ...raw, value });
        this.unsealed.set(value, plain);
      } catch {
        // not readable with this keychain: it reads as no key, and entering it again replaces it
      }
    }
  }

  /** Stores `key` bound to `baseURL` (null = the provider's default); null or blank removes it. */
  async setKey(which: KeyedProvider, key: string | null, baseURL: string | null): Promise<void> {
    if (key === null || key.trim() === '') {
      this.repo.remove(keyName(which));
      return;
    }
    const endpoint = normaliseEndpoint(baseURL ?? DEFAULT_BASE_URLS[which]);
    if (endpoint === null) throw new AppError('BAD_INPUT', 'A key can only be kept for an http(s) base URL: fix the base URL, then enter the key.');
    const plain = key.trim();
    if (this.encryptionAvailable && this.secrets) {
      const value = await this.secrets.encrypt(plain);
      this.unsealed.set(value, plain);
      this.repo.set(keyName(which), { enc: 'safe', value, endpoint });
    } else {
      this.repo.set(keyName(which), { enc: 'plain', value: plain, endpoint });
    }
  }

  /**
   * The key for a request to `baseURL` (null = the provider's default): the environment's key
   * when the request goes to the environment's endpoint, else the stored key when it was entered
   * for this endpoint, else none.
   */
  keyFor(which: KeyedProvider, baseURL: string | null): KeyGrant {
    const envKey = nonEmpty(which === 'anthropic' ? this.env.ANTHROPIC_API_KEY : this.env.OPENAI_API_KEY);
    let withheld = false;
    if (envKey) {
      if (sameEndpoint(which, this.envBaseUrl(which), baseURL)) return { apiKey: envKey, state: 'env' };
      withheld = true;
    }
    const stored = this.readStored(which);
    if (stored) {
      if (sameEndpoint(which, stored.endpoint, baseURL)) return stored.key !== null ? { apiKey: stored.key, state: stored.state } : { apiKey: null, state: 'none' };
      withheld = true;
    }
    return { apiKey: null, state: withheld ? 'elsewhere' : 'none' };
  }

  private readStored(which: KeyedProvider): { key: string | null; state: KeyState; endpoint: string } | null {
    const raw = this.repo.get(keyName(which)) as StoredKey | undefined;
    if (!raw || typeof raw !== 'object' || typeof raw.value !== 'string') return null;
    const endpoint = typeof raw.endpoint === 'string' ? raw.endpoint : DEFAULT_BASE_URLS[which];
    if (raw.enc === 'plain') return { key: raw.value, state: 'plain', endpoint };
    const key = this.unsealed.get(raw.value);
    if (key === undefined) return { key: null, state: 'none', endpoint };
    // Sealed earlier, but the box no longer really encrypts (Linux's basic_text): say so.
    return { key, state: this.encryptionAvailable ? 'encrypted' : 'plain', endpoint };
  }
}
