import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The renderer's wiring rules, checked with the project's own eslint.config.js:
 * only boot/ and each feature's actions.ts call the bridge; stores hold data and
 * know no feature. Each case lints a file as if it lived at that path.
 */
// Type-aware rules are switched off: the fixture paths lie in no tsconfig, and they would build the
// whole program for one string.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { project: null, projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`not linted: ${fatal.map((m) => m.message).join('; ')}`);
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

const CALL_FROM_COMPONENT = `import { api } from '../bridge';\nexport function load(): void {\n  void api().invoke('app:info', {});\n}\n`;

describe('renderer boundaries (lint)', () => {
  it('a component that imports the bridge fails, pointing at the feature actions', async () => {
    const messages = await restrictedImports('src/renderer/src/components/Scattered.tsx', CALL_FROM_COMPONENT);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/features\/<name>\/actions\.ts/);
  });

  it('a feature component, a hook and a store that import the bridge fail too', async () => {
    const feature = `import { api } from '../../bridge';\nexport const call = () => api();\n`;
    expect(await restrictedImports('src/renderer/src/features/sessions/SessionThing.tsx', feature)).toHaveLength(1);
    expect(await restrictedImports('src/renderer/src/features/newSession/useThing.ts', feature)).toHaveLength(1);
    expect(await restrictedImports('src/renderer/src/stores/things.ts', CALL_FROM_COMPONENT)).toHaveLength(1);
  });

  it('a store that imports a feature or boot fails', async () => {
    const code = `import { loadSessions } from '../features/sessions/actions';\nexport const reload = () => loadSessions();\n`;
    expect(await restrictedImports('src/renderer/src/stores/things.ts', code)).toHaveLength(1);
  });

  it("a feature's actions.ts and boot/ may call the bridge; a type from it is fine anywhere", async () => {
    const actions = `import { api } from '../../bridge';\nexport const call = () => api();\n`;
    expect(await restrictedImports('src/renderer/src/features/sessions/actions.ts', actions)).toEqual([]);
    expect(await restrictedImports('src/renderer/src/boot/boot.ts', `import { setApi } from '../bridge';\nexport const set = setApi;\n`)).toEqual([]);
    const typeOnly = `import type { Bridge } from './bridge';\nexport type B = Bridge;\n`;
    expect(await restrictedImports('src/renderer/src/appStart.tsx', typeOnly)).toEqual([]);
  });
});
