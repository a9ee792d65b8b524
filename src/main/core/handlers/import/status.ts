import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { importsOf } from './service';

export const importStatus: Handler<'import:status', Services> = (_input, s) => importsOf(s).status();
