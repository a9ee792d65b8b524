import { existsSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { join, posix, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtWorkerFile } from '../../src/main/core/workerEntry';

/**
 * The packaged app's worker threads and what they load (issue 29). A package is seen through a
 * `PackageView`: which app files app.asar holds and which the plain folder beside it
 * (app.asar.unpacked) holds, either modelled from out/ and electron-builder.yml with electron-builder's
 * own file matcher (`packagingModel`) or read from a real package. `walk` starts a worker where
 * workerEntry.ts would in the package and follows every import, static and dynamic, transitively, as
 * Node resolves it from there. Used by integration/packaged-workers.test.ts and packaging.test.ts.
 */
const root = resolve(import.meta.dirname, '../..');
const cjs = createRequire(import.meta.url);
type Filter = (file: string, stat: Stats) => boolean;
const { FileMatcher } = cjs('app-builder-lib/out/fileMatcher') as {
  FileMatcher: new (from: string, to: string, expand: (s: string) => string, patterns: string[]) => { createFilter(): Filter };
};
const { isLibOrExe } = cjs('app-builder-lib/out/asar/unpackDetector') as { isLibOrExe(file: string): boolean };

export interface BuilderConfig {
  files: string[];
  asarUnpack?: string[];
  asar?: boolean | { smartUnpack?: boolean };
}

/** Where a file sits in the package: inside the archive, or in the plain folder beside it. */
export type Layout = 'asar' | 'unpacked';
export interface Place {
  readonly layout: Layout;
  /** Its path in the app, posix, relative to the app's root (= this repository's root). */
  readonly rel: string;
}

/** What a package holds: a file of the app in the archive or beside it. */
export interface PackageView {
  has(place: Place): boolean;
}

const archiveName = (layout: Layout): string => (layout === 'asar' ? 'app.asar' : 'app.asar.unpacked');

/** The production node_modules folders electron-builder copies: package.json's dependencies, transitively. */
function productionPackages(): Set<string> {
  const found = new Set<string>();
  const visit = (fromDir: string, name: string): void => {
    for (let dir = fromDir; ; dir = posix.dirname(dir)) {
      const candidate = posix.join(dir === '.' ? '' : dir, 'node_modules', name);
      if (existsSync(join(root, candidate, 'package.json'))) {
        if (found.has(candidate)) return;
        found.add(candidate);
        const pkg = JSON.parse(readFileSync(join(root, candidate, 'package.json'), 'utf8')) as { dependencies?: object; optionalDependencies?: object };
        for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(candidate, dep);
        return;
      }
      if (dir === '.' || dir === '') return; // an optional dependency not installed for this OS
    }
  };
  const app = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: object };
  for (const dep of Object.keys(app.dependencies ?? {})) visit('.', dep);
  return found;
}

/** The node_modules package folder holding `rel` ('node_modules/a/node_modules/@s/b'), or null. */
export function packageDirOf(rel: string): string | null {
  const parts = rel.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at === -1 || at + 1 >= parts.length) return null;
  return parts.slice(0, at + ((parts[at + 1] ?? '').startsWith('@') ? 3 : 2)).join('/');
}

function filesUnder(relDir: string): string[] {
  return readdirSync(join(root, relDir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => posix.join(relative(root, e.parentPath).split(sep).join('/'), e.name));
}

/** The package as electron-builder.yml makes it: which app files are in app.asar, which also beside it. */
export function packagingModel(config: BuilderConfig): PackageView {
  const files = new FileMatcher(root, root, (s) => s, config.files).createFilter();
  const unpackPatterns = new FileMatcher(root, root, (s) => s, config.asarUnpack ?? []).createFilter();
  const smartUnpack = !(typeof config.asar === 'object' && config.asar.smartUnpack === false);
  const packages = productionPackages();
  // electron-builder's smart unpack: a module that holds a native library goes out of the archive whole.
  const nativePackages = new Set([...packages].filter((dir) => smartUnpack && filesUnder(dir).some((f) => isLibOrExe(f))));
  const packaged = (rel: string): boolean => {
    if (!existsSync(join(root, rel)) || !statSync(join(root, rel)).isFile()) return false;
    const pkg = packageDirOf(rel);
    return pkg === null ? files(join(root, rel), statSync(join(root, rel))) : packages.has(pkg);
  };
  const unpacked = (rel: string): boolean => {
    if (!packaged(rel)) return false;
    const pkg = packageDirOf(rel);
    return (pkg !== null && nativePackages.has(pkg)) || unpackPatterns(join(root, rel), statSync(join(root, rel)));
  };
  // Electron reads an unpacked file through the archive too; the plain folder holds only unpacked ones.
  return { has: ({ layout, rel }) => (layout === 'asar' ? packaged(rel) : unpacked(rel)) };
}

/** The module specifiers a built file names: import/export … from, import '…', import('…'), require('…'). */
function specifiers(code: string): { literal: string[]; computedImports: number } {
  const literal = new Set<string>();
  const patterns = [
    // A statement at the start of a line (bundles put one per line; the braces may span lines).
    /^[ \t]*(?:import|export)[ \t]+(?:\{[^}]*\}|[\w$*, \t]+?(?:\{[^}]*\})?)[ \t]*from[ \t]*["']([^"']+)["']/gm,
    /^[ \t]*import[ \t]*["']([^"']+)["']/gm,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) literal.add(m[1] as string);
  const computedImports = [...code.matchAll(/\bimport\s*\(\s*(?!["'])/g)].length;
  return { literal: [...literal], computedImports };
}

const CJS_EXTENSIONS = ['', '.js', '.json', '.node', '/index.js'];

/**
 * Where Node finds `spec` imported from `from`, looking only at what the package holds in that
 * layout (the archive, or the plain folder beside it): the place, or why not.
 */
function resolveIn(model: PackageView, from: Place, spec: string): Place | string {
  const dir = posix.dirname(from.rel);
  if (spec.startsWith('.')) {
    const base = posix.normalize(posix.join(dir, spec));
    // ESM names the file exactly; CommonJS (node_modules) may leave the extension off.
    const tries = from.rel.startsWith('node_modules/') ? CJS_EXTENSIONS.map((ext) => base + ext) : [base];
    const rel = tries.find((r) => existsSync(join(root, r)) && statSync(join(root, r)).isFile());
    if (rel === undefined) return `${spec}: not built`;
    return model.has({ layout: from.layout, rel }) ? { layout: from.layout, rel } : `${spec}: ${rel} is not in ${archiveName(from.layout)}`;
  }
  const name = spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
  for (let d = dir; ; d = posix.dirname(d)) {
    const pkgDir = posix.join(d === '.' ? '' : d, 'node_modules', name);
    if (model.has({ layout: from.layout, rel: `${pkgDir}/package.json` })) {
      const entry = relative(root, cjs.resolve(spec, { paths: [join(root, d)] })).split(sep).join('/');
      if (!entry.startsWith(`${pkgDir}/`)) return `${spec}: resolves outside ${pkgDir}`;
      return model.has({ layout: from.layout, rel: entry }) ? { layout: from.layout, rel: entry } : `${spec}: ${entry} is not in ${archiveName(from.layout)}`;
    }
    if (d === '.' || d === '') return `${spec}: no node_modules/${name} from ${archiveName(from.layout)}/${dir}`;
  }
}

/** The package.json Node reads a .js file's module type from, looking up from it in its layout. */
function nearestManifest(model: PackageView, file: Place): string | null {
  for (let d = posix.dirname(file.rel); ; d = posix.dirname(d)) {
    const rel = d === '.' ? 'package.json' : `${d}/package.json`;
    if (model.has({ layout: file.layout, rel })) return rel;
    if (d === '.') return null;
  }
}

export interface Walk {
  reached: Place[];
  missing: string[];
}

/** Every file a worker loads, from its start, and each import that does not resolve there. */
export function walk(model: PackageView, start: Place): Walk {
  const seen = new Map<string, Place>();
  const missing: string[] = [];
  const queue: Place[] = [start];
  for (let place = queue.shift(); place !== undefined; place = queue.shift()) {
    const key = `${place.layout}:${place.rel}`;
    if (seen.has(key)) continue;
    seen.set(key, place);
    if (!/\.(c|m)?js$/.test(place.rel)) continue;
    const { literal, computedImports } = specifiers(readFileSync(join(root, place.rel), 'utf8'));
    // The app's own code must name what it imports, or the walk could not see it.
    if (computedImports > 0 && place.rel.startsWith('out/')) missing.push(`${place.rel}: import() of a computed name`);
    for (const spec of literal) {
      if (isBuiltin(spec) || spec === 'electron') continue;
      const next = resolveIn(model, place, spec);
      if (typeof next === 'string') missing.push(`${place.rel} imports ${next}`);
      else queue.push(next);
    }
  }
  const reached = [...seen.values()];
  // Native addons load by a computed path (better-sqlite3's binding.js): every library of a package the
  // worker reaches must be a plain file, which only the unpacked folder holds.
  for (const pkg of new Set(reached.map((p) => packageDirOf(p.rel)).filter((d): d is string => d !== null))) {
    for (const lib of filesUnder(pkg).filter((f) => isLibOrExe(f) && model.has({ layout: 'asar', rel: f }))) {
      if (!model.has({ layout: 'unpacked', rel: lib })) missing.push(`${lib}: a native library left inside app.asar`);
    }
  }
  // Node reads "type": "module" from the nearest package.json: the built .js files are ESM.
  const manifest = nearestManifest(model, start);
  if (manifest === null) missing.push(`no package.json over ${archiveName(start.layout)}/${start.rel}: its ESM would read as CommonJS`);
  else if ((JSON.parse(readFileSync(join(root, manifest), 'utf8')) as { type?: string }).type !== 'module') missing.push(`${manifest} does not say "type": "module"`);
  return { reached, missing };
}

/** Each worker the built core starts: its entry's name and the bundle that starts it (its import.meta.url). */
export function workerStarts(): Array<{ built: string; here: string }> {
  const main = join(root, 'out', 'main');
  const found: Array<{ built: string; here: string }> = [];
  for (const rel of readdirSync(main, { recursive: true }).map(String).filter((f) => f.endsWith('.js'))) {
    for (const m of readFileSync(join(main, rel), 'utf8').matchAll(/\bbuilt:\s*"([^"]+)"/g)) found.push({ built: m[1] as string, here: posix.join('out/main', rel.split(sep).join('/')) });
  }
  return found;
}

/**
 * Where workerEntry.ts starts a worker in the package installed at `resources`, with the package's
 * contents standing in for the disk.
 */
export function packagedStart(model: PackageView, start: { built: string; here: string }, resources = join(root, 'stand-in-install', 'resources')): Place | null {
  const placeOf = (file: string): Place | null => {
    for (const layout of ['unpacked', 'asar'] as const) {
      const prefix = join(resources, archiveName(layout)) + sep;
      if (file.startsWith(prefix)) return { layout, rel: file.slice(prefix.length).split(sep).join('/') };
    }
    return null;
  };
  const here = pathToFileURL(join(resources, 'app.asar', ...start.here.split('/'))).href;
  const file = builtWorkerFile({ here, built: start.built }, (f) => {
    const place = placeOf(f);
    return place !== null && model.has(place);
  });
  return file === null ? null : placeOf(file);
}
