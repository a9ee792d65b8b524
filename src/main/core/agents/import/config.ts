import { delimiter, join } from 'node:path';
import { z } from 'zod';
import type { SettingsRepo } from '../../store/repos/settings';
import type { ImportRoot } from './walk';

/** Settings keys of the import (SPEC §10: settings in the store, the environment overrides). */
export const IMPORT_SETTING_KEYS = {
  enabled: 'import.enabled',
  claudeDirs: 'import.claudeDirs',
  codexDirs: 'import.codexDirs',
} as const;

export interface ImportConfig {
  readonly enabled: boolean;
  /** SWARMDESK_IMPORT is set: the setting does not decide. */
  readonly envOverride: boolean;
  readonly roots: ImportRoot[];
}

const Dirs = z.array(z.string().min(1)).max(32);

function envDirs(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  return value.split(delimiter).map((d) => d.trim()).filter((d) => d !== '');
}

/**
 * Where the import looks and whether it runs. Defaults: Claude Code's
 * `projects` folder (under CLAUDE_CONFIG_DIR or ~/.claude) and Codex's
 * `sessions` (under CODEX_HOME or ~/.codex). Environment:
 * SWARMDESK_IMPORT=off|on, SWARMDESK_IMPORT_CLAUDE_DIRS, SWARMDESK_IMPORT_CODEX_DIRS
 * (lists separated like PATH).
 */
export function importConfig(settings: SettingsRepo, env: NodeJS.ProcessEnv, home: string): ImportConfig {
  const setEnabled = settings.get(IMPORT_SETTING_KEYS.enabled);
  let enabled = typeof setEnabled === 'boolean' ? setEnabled : true;
  if (env.SWARMDESK_IMPORT === 'off' || env.SWARMDESK_IMPORT === '0') enabled = false;
  if (env.SWARMDESK_IMPORT === 'on' || env.SWARMDESK_IMPORT === '1') enabled = true;

  const fromSettings = (key: string): string[] | null => {
    const parsed = Dirs.safeParse(settings.get(key));
    return parsed.success ? parsed.data : null;
  };
  const claude =
    envDirs(env.SWARMDESK_IMPORT_CLAUDE_DIRS) ??
    fromSettings(IMPORT_SETTING_KEYS.claudeDirs) ?? [join(env.CLAUDE_CONFIG_DIR || join(home, '.claude'), 'projects')];
  const codex =
    envDirs(env.SWARMDESK_IMPORT_CODEX_DIRS) ??
    fromSettings(IMPORT_SETTING_KEYS.codexDirs) ?? [join(env.CODEX_HOME || join(home, '.codex'), 'sessions')];
  const envOverride = ['off', '0', 'on', '1'].includes(env.SWARMDESK_IMPORT ?? '');
  return {
    enabled,
    envOverride,
    roots: [...claude.map((path) => ({ path, source: 'claude-code' as const })), ...codex.map((path) => ({ path, source: 'codex' as const }))],
  };
}
