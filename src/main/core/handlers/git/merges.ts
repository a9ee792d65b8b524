import { AppError } from '../../../../shared/result';
import type { MergeService } from '../../git/mergeService';
import type { Services } from '../../services';

/** The merge service, or UNAVAILABLE when this core runs without worktrees. */
export function merges(s: Services): MergeService {
  if (!s.merges) throw new AppError('UNAVAILABLE', 'Worktrees are not available here.');
  return s.merges;
}
