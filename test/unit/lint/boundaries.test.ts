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
    // `../index` from deep in the core is the core's own index, not the Electron entry.
    allowed('src/main/core/store/connection.ts', `import { x } from '../index';`),
    allowed('src/main/transport/web/server.ts', `import { x } from '../../core/app';`),
    allowed('src/shared/ipc/channels.ts', `import { x } from '../domain/session';`),
    allowed('src/preload/bridge.ts', `import type { X } from '../main/core/core';`),
    allowed('src/preload/bridge.ts', `import { type X } from '../main/core/core';`),
    allowed('src/renderer/app/App.tsx', `import { x } from '../../shared/result';`),
    allowed('src/main/core/app.ts', `import x from 'zod';`),
  ],
  invalid: [
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
