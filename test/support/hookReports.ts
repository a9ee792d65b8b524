import type { HookStatus } from '../../src/main/core/agents/sessionReports/hookStatus';
import type { TerminalService } from '../../src/main/core/agents/terminal/terminalService';

/**
 * Which hook reports reached a core's terminals, in order: the endpoint's handler calls `hookReport`
 * (app.ts), which still runs after the report is kept.
 */
export function recordHookReports(terminals: Pick<TerminalService, 'hookReport'>): HookStatus[] {
  const reports: HookStatus[] = [];
  const hookReport = terminals.hookReport.bind(terminals);
  terminals.hookReport = (id, status) => {
    reports.push(status);
    hookReport(id, status);
  };
  return reports;
}
