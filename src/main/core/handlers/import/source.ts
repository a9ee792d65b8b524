import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { importsOf } from './service';

export const importSource: Handler<'import:source', Services> = (input, s) => ({ source: importsOf(s).sourceOf(input.id) });
