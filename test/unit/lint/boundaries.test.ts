import { join, resolve } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error -- a plain JS ESLint rule without type declarations
import { boundariesRule } from '../../../eslint-rules/boundaries.js';

// The rule is judged on fixture strings "placed" at real paths of this tree: what matters is
// where an import resolves, not how its specifier is spelled.
RuleTester.describe = describe;
RuleTester.it = it;

const root = resolve(import.meta.dirname, '../../..');
const at = (rel: string): string => join(root, rel);
const options = [{ root }];
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

const forbidden = (filename: string, code: string) => ({ filename: at(filename), code, options, errors: [{ messageId: 'forbidden' }] });
const allowed = (filename: string, code: string) => ({ filename: at(filename), code, options });

tester.run('local/boundaries', boundariesRule, {
  valid: [
    allowed('src/main/core/app.ts', `import { x } from './store';`),
    allowed('src/main/core/store/repos/sessions.ts', `import { x } from '../../../../shared/result';`),
    // `../index` from deep in the core is a core folder's own index, not the Electron entry.
    allowed('src/main/core/store/repos/sessions.ts', `import { x } from '../index';`),
    // The front door: entries, the Electron shell and the transports take the core from src/main/core/index.ts.
    allowed('src/main/transport/web/server.ts', `import { x } from '../../core';`),
    allowed('src/main/transport/web/server.ts', `import { x } from '../../core/index';`),
    allowed('src/main/electron/policy.ts', `import { x } from '../core';`),
    allowed('src/main/host.ts', `import { createCore } from './core';`),
    allowed('src/main/transport/socket/server.ts', `import { x } from '../../core/index.ts';`),
    allowed('src/main/transport/web/server.ts', `import { MAX_REQUEST_CHARS } from '../../core';`),
    allowed('src/main/serve.ts', `import { resolveDataDir } from './core';`),
    // Inside the core, modules import each other directly; `../index` of a sub-folder is that folder's.
    allowed('src/main/core/handlers/sessions/create.ts', `import { x } from '../../usecases/newSession';`),
    allowed('src/main/core/usecases/newSession.ts', `import { x } from '../git/worktrees';`),
    allowed('src/main/core/git/worktrees.ts', `import { x } from '../spawn/childEnv';`),
    allowed('src/main/core/services/sessions.ts', `import { x } from '../store';`),
    allowed('src/shared/ipc/channels.ts', `import { x } from '../domain/session';`),
    allowed('src/preload/bridge.ts', `import type { X } from '../main/core/core';`),
    allowed('src/preload/bridge.ts', `import { type X } from '../main/core/core';`),
    allowed('src/renderer/app/App.tsx', `import { x } from '../../shared/result';`),
    allowed('src/main/core/app.ts', `import x from 'zod';`),
  ],
  invalid: [
    // Past the front door into the core's insides, from an entry, the Electron shell or a transport.
    forbidden('src/main/host.ts', `import { createCore } from './core/app';`),
    // The entries and transports too, now that they are fronts of the session host.
    forbidden('src/main/transport/web/server.ts', `import { MAX_REQUEST_CHARS } from '../../core/router/router';`),
    forbidden('src/main/serve.ts', `import { x } from './core/store/dataDir';`),
    forbidden('src/main/index.ts', `import { x } from './core/app';`),
    forbidden('src/main/host.ts', `import type { Store } from './core/store';`),
    forbidden('src/main/electron/policy.ts', `import { safeExternalUrl } from '../core/services/app';`),
    forbidden('src/main/electron/secrets.ts', `import type { SecretBox } from '../core/models/credentials';`),
    forbidden('src/main/transport/web/server.ts', `import { x } from '../../core/app';`),
    forbidden('src/main/transport/socket/server.ts', `import { x } from '../../core/store/dataDirLock';`),
    forbidden('src/main/transport/socket/server.ts', `import type { X } from '../../core/handlers';`),
    // services/ holds the writers only: nothing from above it.
    forbidden('src/main/core/services/index.ts', `import type { Agents } from '../agents';`),
    forbidden('src/main/core/services/sessions.ts', `import { x } from '../ambient/config';`),
    forbidden('src/main/core/services/sessions.ts', `import type { X } from '../git/worktrees';`),
    forbidden('src/main/core/services/sessions.ts', `import { x } from '../usecases/newSession';`),
    forbidden('src/main/core/services/app.ts', `import type { CoreContext } from '../context';`),
    // core/spawn is the bottom: nothing of the core above it.
    forbidden('src/main/core/spawn/childEnv.ts', `import { createLogger } from '../logger';`),
    // Inside the core, the front door is not a shortcut.
    forbidden('src/main/core/handlers/sessions/create.ts', `import { x } from '../..';`),
    forbidden('src/main/core/app.ts', `import { x } from './index';`),
    // A folder imported as such is its index: `..` from the core is the Electron entry.
    forbidden('src/main/core/app.ts', `import { x } from '..';`),
    forbidden('src/main/core/app.ts', `import { x } from '../transport/web/server';`),
    forbidden('src/main/core/store/connection.ts', `import { x } from '../../transport/web/server';`),
    forbidden('src/main/core/handlers/sessions/create.ts', `import { x } from '../../../transport/web/server';`),
    // Walking out and back in is still the transport.
    forbidden('src/main/core/handlers/sessions/create.ts', `import { x } from '../../../../main/transport/web/server';`),
    forbidden('src/main/core/store/connection.ts', `export { x } from '../../transport/web/server';`),
    forbidden('src/main/core/store/connection.ts', `const m = await import('../../transport/web/server');`),
    forbidden('src/main/core/app.ts', `import { x } from '../electron/main';`),
    forbidden('src/main/core/app.ts', `import { x } from '../index';`),
    forbidden('src/main/core/app.ts', `import { x } from '../serve.ts';`),
    forbidden('src/main/core/app.ts', `import { x } from '../../renderer/app/App';`),
    forbidden('src/main/core/app.ts', `import { x } from '../../preload/bridge';`),
    forbidden('src/shared/ipc/channels.ts', `import { x } from '../../main/core/core';`),
    forbidden('src/shared/result.ts', `import { x } from '../../test/support/until';`),
    forbidden('src/renderer/app/App.tsx', `import { x } from '../../main/core/core';`),
    forbidden('src/renderer/app/App.tsx', `import { x } from '../../preload/bridge';`),
    forbidden('src/preload/bridge.ts', `import { X } from '../main/core/core';`),
    forbidden('src/preload/bridge.ts', `import { type X, y } from '../main/core/core';`),
  ],
});
