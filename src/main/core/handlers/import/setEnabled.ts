import type { Handler } from '../../router/router';
import type { ImportContext } from '../context';

export const importSetEnabled: Handler<'import:setEnabled', ImportContext> = (input, s) => s.imports.setEnabled(input.enabled);
