import type { Handler } from '../../router/router';
import type { ImportContext } from '../context';

export const importSource: Handler<'import:source', ImportContext> = (input, s) => ({ source: s.imports.sourceOf(input.id) });
