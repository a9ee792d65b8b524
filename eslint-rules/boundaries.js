// A local ESLint rule: import boundaries as absolute zones (SPEC §3).
// Every relative import is resolved against the importing file, so
// `../../transport/web/server` from anywhere in the core is caught no matter
// how many `../` it takes; a pattern on the specifier text could be walked
// around. Bare specifiers (packages, node builtins) are left to
// `no-restricted-imports`.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The zones, relative to the project root (where eslint.config.js lives).
 * `from`: the importing files (a path or a list of paths); `exceptFrom`: files or folders inside `from`
 * the zone does not judge; `target`: paths they may not import (a folder or a
 * file without extension; a folder imported as such means its `index`);
 * `except`: paths inside `target` that stay allowed; `allowTypeOnly`:
 * `import type` / `export type` pass.
 */
export const ZONES = [
  {
    from: 'src/main/core',
    target: ['src/main/transport', 'src/main/electron', 'src/main/index', 'src/main/serve', 'src/renderer', 'src/preload'],
    message: 'The core imports only shared and core (SPEC §3).',
  },
  {
    // The core's front door (issue 15 §2): entries (files directly in src/main), the Electron shell and the
    // transports take from the core only what src/main/core/index.ts exports.
    from: 'src/main',
    exceptFrom: [
      'src/main/core',
      'src/main/transport', // judged by the next zone
    ],
    target: ['src/main/core'],
    except: ['src/main/core/index'],
    message: 'Outside the core, import the core only through its front door, src/main/core/index.ts (issue 15 §2).',
  },
  {
    from: 'src/main/transport',
    target: ['src/main/core'],
    except: [
      'src/main/core/index',
    ],
    message: 'The transports import the core only through its front door, src/main/core/index.ts (issue 15 §2).',
  },
  {
    from: 'src/main/core/services',
    target: ['src/main/core/agents', 'src/main/core/ambient', 'src/main/core/git', 'src/main/core/usecases', 'src/main/core/handlers', 'src/main/core/context'],
    message: 'services/ holds the writers, below agents, ambient and git: requests that span them are use cases (core/usecases).',
  },
  {
    from: 'src/main/core/spawn',
    target: ['src/main/core'],
    except: ['src/main/core/spawn'],
    message: 'core/spawn sits below agents, models and git: it imports nothing else of the core.',
  },
  {
    // The store is the bottom of the core: above it, only the logger and the worker starter it shares.
    from: 'src/main/core/store',
    target: ['src/main/core'],
    except: ['src/main/core/store', 'src/main/core/logger', 'src/main/core/workerEntry'],
    message: 'core/store is the bottom of the core: it imports only shared, itself, the logger and workerEntry (issue 30).',
  },
  {
    from: 'src/main/core/models',
    target: ['src/main/core/store'],
    message: 'models/ never imports the store: take a small port of your own (as credentials.ts takes KeyValueStore) (issue 30).',
  },
  {
    from: 'src/main/core/handlers',
    target: ['src/main/core/store'],
    message: 'Handlers never import the store: they call services, use cases and engines from their context (issue 30).',
  },
  {
    from: ['src/main/core/agents', 'src/main/core/ambient', 'src/main/core/git'],
    target: ['src/main/core/handlers', 'src/main/core/usecases'],
    message: 'agents, ambient and git sit below the handlers and use cases: they never import them (issue 30).',
  },
  {
    from: 'src/main/transport',
    // src/main/host.ts and src/main/host/ are one path here (a file wins over its folder only for the folder's index).
    target: ['src/main/host', 'src/main/hostBridge'],
    message: 'The transports never import the session host (src/main/host/, host.ts, hostBridge.ts): the host imports them (issue 30).',
  },
  {
    // What the web front and the host's socket share lives in transport/ itself (openedSessions.ts).
    from: ['src/main/transport/socket', 'src/main/transport/ssh'],
    target: ['src/main/transport/web'],
    message: 'socket/ and ssh/ never import web/: what they share lives in src/main/transport itself (issue 30).',
  },
  {
    from: 'src/main/transport/web',
    target: ['src/main/transport/socket', 'src/main/transport/ssh'],
    message: 'web/ never imports socket/ or ssh/: what they share lives in src/main/transport itself (issue 30).',
  },
  {
    // Nothing inside the core goes through its front door: that would tie every module to all the others.
    from: 'src/main/core',
    target: ['src/main/core/index'],
    message: 'Inside the core, import the module itself, not the front door (src/main/core/index.ts).',
  },
  { from: 'src/shared', target: ['.'], except: ['src/shared'], message: 'src/shared imports nothing outside src/shared.' },
  { from: 'src/renderer', target: ['src/main', 'src/preload'], message: 'The renderer never imports main or preload; use the contract in src/shared.' },
  { from: 'src/preload', target: ['src/main'], allowTypeOnly: true, message: 'Preload imports main only as types.' },
];

const EXTENSION = /\.(?:[cm]?[jt]sx?|json)$/;

function inside(file, zone) {
  const rel = path.relative(zone, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** A folder imported as such (`'../core'`) is its index file; a file of the same name wins, as in TypeScript. */
function moduleOf(resolved) {
  if (['.ts', '.tsx', '.js', '.mjs'].some((ext) => existsSync(resolved + ext))) return resolved;
  try {
    return statSync(resolved).isDirectory() ? path.join(resolved, 'index') : resolved;
  } catch {
    return resolved;
  }
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  // `import { type A, type B } from` is type-only too (inline-type-imports style).
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
export const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries as absolute zones: relative imports are resolved before they are judged.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { forbidden: "'{{specifier}}' resolves to {{target}}: {{message}}" },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const file = context.filename;
    const zones = ZONES.filter(
      (z) => [z.from].flat().some((f) => inside(file, path.resolve(root, f))) && !(z.exceptFrom ?? []).some((e) => inside(file, path.resolve(root, e))),
    );
    if (zones.length === 0) return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const resolved = moduleOf(path.resolve(path.dirname(file), source.value).replace(EXTENSION, ''));
      for (const zone of zones) {
        if (zone.allowTypeOnly && isTypeOnly(node)) continue;
        const hit = zone.target.some((t) => inside(resolved, path.resolve(root, t)));
        const excepted = (zone.except ?? []).some((e) => inside(resolved, path.resolve(root, e)));
        if (hit && !excepted) {
          context.report({
            node: source,
            messageId: 'forbidden',
            data: { specifier: source.value, target: path.relative(root, resolved) || '.', message: zone.message },
          });
          return;
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { meta: { name: 'swarmdesk-local' }, rules: { boundaries: boundariesRule } };
