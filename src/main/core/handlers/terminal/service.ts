import { AppError } from '../../../../shared/result';
import type { TerminalService } from '../../agents/terminal/terminalService';
import type { Services } from '../../services';

/** The terminal backend, or UNAVAILABLE when this core runs without one. */
export function terminalsOf(s: Services): TerminalService {
  if (!s.terminals) throw new AppError('UNAVAILABLE', 'Terminals are not available in this build.');
  return s.terminals;
}
