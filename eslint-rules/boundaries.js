// A local ESLint rule: import boundaries as absolute zones (SPEC §3).
// Every relative import is resolved against the importing file, so
// `../../transport/web/server` from anywhere in the core is caught no matter
// how many `../` it takes; a pattern on the specifier text could be walked
// around. Bare specifiers (packages, node builtins) are left to
// `no-restricted-imports`.
import path from 'node:path';

/**
 * The zones, relative to the project root (where eslint.config.js lives).
 * `from`: the importing files; `target`: paths they may not import (a folder
 * or a file without extension); `except`: paths inside `target` that stay
 * allowed; `allowTypeOnly`: `import type` / `export type` pass.
 */
export const ZONES = [
  {
    from: 'src/main/core',
    target: ['src/main/transport', 'src/main/electron', 'src/main/index', 'src/main/serve', 'src/renderer', 'src/preload'],
    message: 'The core imports only shared and core (SPEC §3).',
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
    const zones = ZONES.filter((z) => inside(file, path.resolve(root, z.from)));
    if (zones.length === 0) return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), source.value).replace(EXTENSION, '');
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
