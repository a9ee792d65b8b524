import type { Handler } from '../../router/router';
import type { ImportContext } from '../context';

export const importStatus: Handler<'import:status', ImportContext> = (_input, s) => s.imports.status();
