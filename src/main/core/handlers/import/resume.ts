import type { Handler } from '../../router/router';
import type { ImportContext } from '../context';

export const importResume: Handler<'import:resume', ImportContext> = (input, s) => s.imports.resume(input.id);
