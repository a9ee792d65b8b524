import { useEffect, useState } from 'react';
import type { ImportReport } from '../../../../shared/ipc/import';
import type { Result } from '../../../../shared/result';
import { loadImportStatus, rescanImport, setImportEnabled } from './actions';

type LastScan = NonNullable<ImportReport['last']>;

const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The imported sessions in the list, and when they came: a later scan that found nothing new does not
 * hide what the first one added ("8 imported sessions in the list (8 new since Swarmdesk started, none in
 * the last scan)").
 */
function sessionsPart(last: LastScan): string {
  const added = last.sessionsAddedSinceStart;
  const inLast = last.sessionsCreated;
  const when =
    added === 0
      ? 'none new since Swarmdesk started'
      : added === inLast
        ? `${added} new in the last scan`
        : `${added} new since Swarmdesk started, ${inLast === 0 ? 'none' : inLast} in the last scan`;
  return `${count(last.sessionsImported, 'imported session')} in the list (${when})`;
}

function summary(report: ImportReport): string {
  const last = report.last;
  if (!report.enabled) return 'Off: existing history is not imported.';
  if (report.running) return 'Reading history…';
  if (!last) return 'Not run yet.';
  const parts = [`${last.files} transcript${last.files === 1 ? '' : 's'} found`, sessionsPart(last)];
  // Bad, oversized and cut lines alike: skipped, never fatal to their file.
  if (last.unreadableLines > 0) parts.push(`${last.unreadableLines} line${last.unreadableLines === 1 ? '' : 's'} could not be read and ${last.unreadableLines === 1 ? 'was' : 'were'} skipped`);
  if (last.rewoundRecords > 0) parts.push(`${last.rewoundRecords} rewound message${last.rewoundRecords === 1 ? '' : 's'} kept apart, marked Rewound`);
  if (last.filesFailed > 0) parts.push(`${last.filesFailed} file${last.filesFailed === 1 ? '' : 's'} could not be read`);
  return `${parts.join(', ')}.`;
}

/**
 * The history import in the settings screen: the switch (SPEC §8: "a setting
 * turns it off"), where it looks, what the last scan did, and "Rescan now".
 */
export function ImportSettings() {
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A core without the import (or an older one) has no status: the section is left out.
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let live = true;
    void loadImportStatus().then((r) => {
      if (!live) return;
      if (r.ok) setReport(r.value);
      else setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const apply = async (pending: () => Promise<Result<ImportReport>>): Promise<void> => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await pending();
    setBusy(false);
    if (r.ok) setReport(r.value);
    else setError(r.error.message);
  };

  if (unavailable) return null;
  return (
    <section aria-label="History import" className="field-group">
      <h3>History import</h3>
      {report ? (
        <>
          <label>
            <input
              type="checkbox"
              checked={report.enabled}
              disabled={report.envOverride}
              // Busy, the controls say so but keep focus (disabled, they would drop it to the page and Escape would no longer close Settings).
              aria-disabled={busy || undefined}
              onChange={(e) => {
                const enabled = e.currentTarget.checked;
                void apply(() => setImportEnabled(enabled));
              }}
            />{' '}
            Import Claude Code and Codex history
          </label>
          {report.envOverride ? <p className="settings-status">Set by the SWARMDESK_IMPORT environment variable.</p> : null}
          <ul className="settings-status">
            {report.roots.map((root) => (
              <li key={root.path}>
                {root.source === 'codex' ? 'Codex' : 'Claude Code'}: {root.path}
              </li>
            ))}
          </ul>
          <p className="settings-status" role="status">
            {summary(report)}
          </p>
          <div>
            <button type="button" className="button" disabled={!report.enabled} aria-disabled={busy || undefined} onClick={() => void apply(rescanImport)}>
              Rescan now
            </button>
          </div>
        </>
      ) : (
        <p className="settings-status">Loading…</p>
      )}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
