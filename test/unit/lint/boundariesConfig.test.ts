import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js, on fixture text placed in the core: proves the boundary rule
// is wired to the right files, not only that the rule works (boundaries.test.ts). Type-aware rules
// are switched off here: they would build the whole program for one string.
const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { project: null, projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`not linted: ${fatal.map((m) => m.message).join('; ')}`);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/boundaries').map((m) => m.message);
}

describe('eslint.config.js boundaries', () => {
  it('a core file importing the web transport fails, however many ../ it takes', async () => {
    expect(await boundaryErrors('src/main/core/store/lintFixture.ts', `import { startWebServer } from '../../transport/web/server';\nexport const s = startWebServer;\n`))
      .toEqual([expect.stringContaining('resolves to src/main/transport/web/server')]);
    expect(await boundaryErrors('src/main/core/agents/claude/lintFixture.ts', `import { startWebServer } from '../../../transport/web/server';\nexport const s = startWebServer;\n`))
      .toHaveLength(1);
  });

  it('an import inside the core passes', async () => {
    expect(await boundaryErrors('src/main/core/store/lintFixture.ts', `import { createLogger } from '../logger';\nexport const l = createLogger('x');\n`)).toEqual([]);
  });

  it('a renderer file importing main fails', async () => {
    expect(await boundaryErrors('src/renderer/src/lintFixture.ts', `import type { Store } from '../../main/core/store';\nexport type S = Store;\n`)).toHaveLength(1);
  });
});
