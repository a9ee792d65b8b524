/*
 * Settings → Agents, user-defined ACP agents: the Arguments field (one line, split as a shell would for
 * simple quoting) and the Environment field (NAME=value lines; values of key-like names masked once saved).
 */
import { looksSecret, SECRET_MASK } from '../../../../shared/secretEnv';

/** Splits a line into arguments: spaces separate; '…' keeps everything; "…" keeps all but \" and \\; \ escapes one. */
export function splitArgs(line: string): { ok: true; args: string[] } | { ok: false; message: string } {
  const args: string[] = [];
  let current = '';
  let started = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i] as string;
    if (quote === "'") {
      if (c === "'") quote = null;
      else current += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) current += line[++i];
      else current += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      started = true;
    } else if (c === '\\' && i + 1 < line.length) {
      current += line[++i];
      started = true;
    } else if (/\s/.test(c)) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (quote) return { ok: false, message: `A ${quote === '"' ? 'double' : 'single'} quote is not closed.` };
  if (started) args.push(current);
  return { ok: true, args };
}

/** The arguments as one line that `splitArgs` reads back the same. */
export function joinArgs(args: readonly string[]): string {
  return args
    .map((arg) => {
      if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
      if (!arg.includes("'")) return `'${arg}'`;
      return `"${arg.replace(/[\\"]/g, (m) => `\\${m}`)}"`;
    })
    .join(' ');
}

/** What a saved secret's value shows as (main never sends the value); sent back as is, main keeps the value. */
export const MASK = SECRET_MASK;

/** The environment as lines, a secret's value masked. */
export function formatEnv(env: Readonly<Record<string, string>>): string {
  return Object.entries(env)
    .map(([name, value]) => `${name}=${looksSecret(name) && value !== '' ? MASK : value}`)
    .join('\n');
}

/**
 * The lines back into an environment: blank lines skipped, a masked value is the one kept before
 * (`saved`); a line that is not NAME=value is an error naming it.
 */
export function parseEnv(text: string, saved: Readonly<Record<string, string>>): { ok: true; env: Record<string, string> } | { ok: false; message: string } {
  const env: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = (lines[i] as string).trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    const name = eq === -1 ? line : line.slice(0, eq).trim();
    if (eq === -1 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      return { ok: false, message: `Line ${i + 1} is not NAME=value (a name is letters, digits and _, not starting with a digit).` };
    }
    const value = line.slice(eq + 1);
    env[name] = value === MASK && saved[name] !== undefined ? saved[name] : value;
  }
  return { ok: true, env };
}

/** A new agent's id from its name: `custom-<slug>`, unique among `taken`. */
export function customAgentId(name: string, taken: ReadonlySet<string>): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'agent';
  let id = `custom-${slug}`;
  for (let n = 2; taken.has(id); n += 1) id = `custom-${slug}-${n}`;
  return id;
}
