/**
 * A home of its own for one run of the real Gemini CLI against the stand-in
 * (`geminiStandIn.ts`): a temp HOME whose `.gemini/settings.json` selects API-key
 * auth and turns off everything that would reach the network or print noise
 * (usage statistics, telemetry, update checks, IDE discovery), and the environment
 * for the run. The environment is built from nothing but PATH and the locale, so no
 * key of another provider (or of the developer's own Gemini account) can reach it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The Gemini CLI installed as a devDependency. */
export const GEMINI_BIN = resolve(here, '../../node_modules/.bin/gemini');

/** The key the runs use; the stand-in sees it as `x-goog-api-key`. */
export const STAND_IN_GEMINI_KEY = 'stand-in-gemini-key';

/** Settings that keep a run offline and quiet (see gemini's docs/reference/configuration.md). */
export const GEMINI_TEST_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, checkpointing: { enabled: false } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  ide: { enabled: false, hasSeenNudge: true },
} as const;

export interface GeminiHome {
  /** The temp HOME (`<home>/.gemini/settings.json` inside). */
  readonly home: string;
  /** The environment for `gemini --acp` (or for a core that starts it). */
  readonly env: Record<string, string>;
  remove(): void;
}

export function makeGeminiHome(baseUrl: string, extraEnv: Record<string, string> = {}): GeminiHome {
  const home = mkdtempSync(join(tmpdir(), 'sd-gemini-home-'));
  mkdirSync(join(home, '.gemini'), { recursive: true });
  writeFileSync(join(home, '.gemini', 'settings.json'), `${JSON.stringify(GEMINI_TEST_SETTINGS, null, 2)}\n`);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: process.env.LANG ?? 'C.UTF-8',
    HOME: home,
    GOOGLE_GEMINI_BASE_URL: baseUrl,
    GEMINI_API_KEY: STAND_IN_GEMINI_KEY,
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    GEMINI_TELEMETRY_ENABLED: 'false',
    // A quiet child: no colour codes, no "running in CI" guesses from the parent.
    NO_COLOR: '1',
    ...extraEnv,
  };
  return { home, env, remove: () => rmSync(home, { recursive: true, force: true }) };
}
