import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { importsOf } from './service';

export const importSetEnabled: Handler<'import:setEnabled', Services> = (input, s) => importsOf(s).setEnabled(input.enabled);
