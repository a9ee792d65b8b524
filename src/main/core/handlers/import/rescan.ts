import type { Handler } from '../../router/router';
import type { ImportContext } from '../context';

export const importRescan: Handler<'import:rescan', ImportContext> = (_input, s) => s.imports.rescan();
