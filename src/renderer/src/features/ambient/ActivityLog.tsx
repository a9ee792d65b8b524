import { useEffect } from 'react';
import { loadAmbientLog } from '../settings/actions';
import { useSettings } from '../settings/store';
import { describeCall } from './activityWords';

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Today's calls by their time, older ones with their day too. */
function when(at: number, today: string): string {
  return new Date(at).toDateString() === today ? TIME.format(at) : DAY.format(at);
}

/**
 * The ambient activity, in words: what each small model call was asked, what was kept (the text used)
 * or why not, when, how long. The model's raw reply protocol is never shown; replies are plain text.
 */
export function ActivityLog() {
  const log = useSettings((s) => s.log);
  useEffect(() => {
    void loadAmbientLog();
  }, []);
  const used = log.filter((c) => c.provider !== 'offline');
  const tokens = used.reduce((n, c) => n + (c.tokensIn ?? 0) + (c.tokensOut ?? 0), 0);
  const today = log[0] ? new Date(log[0].at).toDateString() : '';
  return (
    <section aria-label="Ambient activity" className="activity-log">
      <div className="activity-head">
        <h3 className="settings-subhead">Recent activity</h3>
        <span className="settings-hint">
          {log.length} recent {log.length === 1 ? 'call' : 'calls'} · {used.length} to a model · {tokens} tokens
        </span>
        <button type="button" className="button subtle" onClick={() => void loadAmbientLog()}>
          Refresh
        </button>
      </div>
      {log.length === 0 ? (
        <p className="settings-hint">No ambient calls yet.</p>
      ) : (
        <table aria-label="Ambient calls">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Asked for</th>
              <th scope="col">Outcome</th>
              <th scope="col">Answered by</th>
              <th scope="col">Took</th>
            </tr>
          </thead>
          <tbody>
            {log.map((c, i) => {
              const words = describeCall(c);
              return (
                <tr key={`${c.at}-${i}`} className={`outcome-${words.outcome}`}>
                  <td className="nowrap">{when(c.at, today)}</td>
                  <td>
                    {words.asked}
                    {words.again ? <span className="again">{words.again}</span> : null}
                  </td>
                  <td className="said">{words.said}</td>
                  <td>
                    {words.by}
                    {words.model ? <span className="model">{words.model}</span> : null}
                  </td>
                  <td className="nowrap">{words.took}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
