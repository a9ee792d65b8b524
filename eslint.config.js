// Lint with boundary rules (SPEC §3): shared is pure, the core never imports
// electron, the renderer never imports main, preload imports main only as types,
// and in the renderer only boot and each feature's actions.ts talk to the bridge.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import local from './eslint-rules/boundaries.js';

const NODE_BUILTINS = [
  'fs', 'fs/promises', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'stream',
  'worker_threads', 'events', 'util', 'zlib', 'readline', 'buffer', 'process', 'tty', 'dns', 'module',
];
const nodeBuiltinPatterns = NODE_BUILTINS.flatMap((m) => [m, `node:${m}`]);

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.native/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Promise rules need types: every TypeScript file lies in one of the two tsconfigs.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: ['./tsconfig.node.json', './tsconfig.web.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [...nodeBuiltinPatterns, 'electron', 'react', 'react-dom'].map((name) => ({ name, message: 'src/shared is pure: no node, electron or DOM code.' })),
        patterns: [{ group: ['node:*'], message: 'src/shared is pure: no node code.' }],
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'require', 'Buffer', 'navigator'],
    },
  },
  {
    files: ['src/main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The core never imports electron (SPEC §3): inject it through Platform.' }],
      }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [...nodeBuiltinPatterns, 'electron'].map((name) => ({ name, message: 'The renderer is web code: no node or electron.' })),
        patterns: [{ group: ['node:*'], message: 'The renderer is web code: no node.' }],
      }],
      'no-restricted-globals': ['error', 'process', 'require', 'Buffer'],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // One home for backend calls per feature (features/<name>/actions.ts): components, stores, hooks and the
    // rest never reach the bridge themselves. Types from it (Bridge, ConnectionState) are fine anywhere.
    files: ['src/renderer/src/**/*.{ts,tsx}'],
    ignores: ['src/renderer/src/bridge/**', 'src/renderer/src/boot/**', 'src/renderer/src/features/*/actions.ts', 'src/renderer/src/earlyBridge.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          group: ['**/bridge', '**/bridge/**'],
          allowTypeImports: true,
          message: 'Backend calls live in the feature\'s actions.ts (features/<name>/actions.ts); import the action from there.',
        }],
      }],
    },
  },
  {
    // Stores hold data and pure reducers: they call nothing and know no feature.
    files: ['src/renderer/src/stores/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          group: ['**/bridge', '**/bridge/**', '**/features/**', '**/boot/**', '**/components/**'],
          allowTypeImports: true,
          message: 'A store holds data and pure reducers: backend calls and side effects go in features/<name>/actions.ts.',
        }],
      }],
    },
  },
  {
    // Which folder may import which, judged on the resolved path (eslint-rules/boundaries.js).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/boundaries': ['error', { root: import.meta.dirname }] },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs,ts}', 'bench/**/*.{ts,mjs}', '*.config.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
);
