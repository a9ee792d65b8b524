import { useEffect } from 'react';
import { loadAmbientLog } from '../settings/actions';
import { useSettings } from '../settings/store';

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The ambient activity view: every small model call with its verdict, reason, tokens and
 * latency. Replies are shown as plain text (clipped), never as markup.
 */
export function ActivityLog() {
  const log = useSettings((s) => s.log);
  useEffect(() => {
    void loadAmbientLog();
  }, []);
  const used = log.filter((c) => c.provider !== 'offline');
  const tokens = used.reduce((n, c) => n + (c.tokensIn ?? 0) + (c.tokensOut ?? 0), 0);
  return (
    <section aria-label="Ambient activity" className="activity-log">
      <p>
        {log.length} recent calls · {used.length} to a model · {tokens} tokens{' '}
        <button type="button" className="button" onClick={() => void loadAmbientLog()}>
          Refresh
        </button>
      </p>
      {log.length === 0 ? (
        <p>No ambient calls yet.</p>
      ) : (
        <table aria-label="Ambient calls">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Kind</th>
              <th scope="col">Provider</th>
              <th scope="col">Verdict</th>
              <th scope="col">Reason</th>
              <th scope="col">Tokens</th>
              <th scope="col">Latency</th>
              <th scope="col">Reply</th>
            </tr>
          </thead>
          <tbody>
            {log.map((c, i) => (
              <tr key={`${c.at}-${i}`} className={`verdict-${c.verdict}`}>
                <td>{TIME.format(c.at)}</td>
                <td>{c.kind}</td>
                <td>{c.model ? `${c.provider} · ${c.model}` : c.provider}</td>
                <td>{c.verdict}</td>
                <td>{c.reason ?? ''}</td>
                <td>{c.tokensIn === null ? '' : `${c.tokensIn} / ${c.tokensOut ?? 0}`}</td>
                <td>{c.latencyMs} ms</td>
                <td className="reply">{(c.replyExcerpt ?? '').slice(0, 120)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
