import { AppError } from '../../../../shared/result';
import type { ImportService } from '../../agents/import/importService';
import type { Services } from '../../services';

/** The history import, or UNAVAILABLE when this core runs without one. */
export function importsOf(s: Services): ImportService {
  if (!s.imports) throw new AppError('UNAVAILABLE', 'Importing history is not available in this build.');
  return s.imports;
}
