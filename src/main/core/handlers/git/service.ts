import type { ChangesService } from '../../git/changesService';
import { AppError } from '../../../../shared/result';
import type { Services } from '../../services';

/** The changes service, or UNAVAILABLE where this core runs without it. */
export function changesOf(s: Services): ChangesService {
  if (!s.changes) throw new AppError('UNAVAILABLE', 'Changes are not available here.');
  return s.changes;
}
