/*
 * Secrets in the environment a user gives one of their own ACP agents (Settings → Agents). Zod-free, so
 * the renderer's settings and the core's handlers share it without loading the contract's schemas.
 */

/**
 * What a secret's value shows as outside the core: `acp:settings` answers it in place of the value (keys
 * never reach the renderer), and `acp:setSettings` given it keeps the value stored before.
 */
export const SECRET_MASK = '••••••••';

/** A variable name that looks like it holds a key or a password (its value is masked outside the core). */
export function looksSecret(name: string): boolean {
  return /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH/i.test(name);
}

/** `env` with every secret's (non-empty) value replaced by the mask. */
export function maskSecrets(env: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, looksSecret(name) && value !== '' ? SECRET_MASK : value]));
}

/** `env` as given, where a masked value stands for the one in `stored` (a mask with nothing stored is kept as typed). */
export function unmaskSecrets(env: Readonly<Record<string, string>>, stored: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value === SECRET_MASK && stored[name] !== undefined ? stored[name] : value]));
}
