import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { importsOf } from './service';

export const importRescan: Handler<'import:rescan', Services> = (_input, s) => importsOf(s).rescan();
