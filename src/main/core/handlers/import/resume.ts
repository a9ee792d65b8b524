import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { importsOf } from './service';

export const importResume: Handler<'import:resume', Services> = (input, s) => importsOf(s).resume(input.id);
