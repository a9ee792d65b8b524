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

  // Issue 30: the layering the READMEs state, each zone shown to fail once on a planted import.
  it.each([
    ['the store imports nothing above it', 'src/main/core/store/lintFixture.ts', `import type { SessionsService } from '../services/sessions';\nexport type S = SessionsService;\n`],
    ['models never import the store', 'src/main/core/models/lintFixture.ts', `import type { SettingsRepo } from '../store/repos/settings';\nexport type S = SettingsRepo;\n`],
    ['handlers never import the store', 'src/main/core/handlers/ambient/lintFixture.ts', `import type { Store } from '../../store';\nexport type S = Store;\n`],
    ['agents never import handlers', 'src/main/core/agents/claude/lintFixture.ts', `import { handlers } from '../../handlers';\nexport const h = handlers;\n`],
    ['ambient never imports use cases', 'src/main/core/ambient/lintFixture.ts', `import { createUserSession } from '../usecases/newSession';\nexport const n = createUserSession;\n`],
    ['git never imports handlers', 'src/main/core/git/lintFixture.ts', `import type { AppContext } from '../handlers/context';\nexport type C = AppContext;\n`],
    ['transports never import the host', 'src/main/transport/socket/lintFixture.ts', `import { runHost } from '../../host/runHost';\nexport const r = runHost;\n`],
    ['transports never import the host entry', 'src/main/transport/web/lintFixture.ts', `import '../../host';\n`],
    ['the host\'s socket never imports the web front', 'src/main/transport/socket/lintFixture.ts', `import { startWebServer } from '../web/server';\nexport const s = startWebServer;\n`],
    ['the web front never imports the host\'s socket', 'src/main/transport/web/lintFixture.ts', `import type { HostInfo } from '../socket/hostFiles';\nexport type H = HostInfo;\n`],
  ])('%s', async (_name, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([expect.stringContaining('(issue 30)')]);
  });

  it('what those zones allow passes: the store uses the logger, ambient uses models, handlers use use cases', async () => {
    expect(await boundaryErrors('src/main/core/store/lintFixture.ts', `import { createLogger } from '../logger';\nexport const l = createLogger('x');\n`)).toEqual([]);
    expect(await boundaryErrors('src/main/core/ambient/lintFixture.ts', `import type { ModelClient } from '../models/types';\nexport type M = ModelClient;\n`)).toEqual([]);
    expect(await boundaryErrors('src/main/core/handlers/sessions/lintFixture.ts', `import { createUserSession } from '../../usecases/newSession';\nexport const n = createUserSession;\n`)).toEqual([]);
  });
});
