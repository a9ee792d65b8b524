import { allowBrowserNotifications, setNotificationsEnabled, setNotifyDone } from './actions';
import { useNotifications } from './store';

/** The settings switch for OS notifications and the waiting badge; in web mode also what the browser allows. */
export function NotificationSettings() {
  const { enabled, notifyDone, via, permission, error } = useNotifications();
  return (
    <section aria-label="Notifications" className="field-group">
      <h3>Notifications</h3>
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => void setNotificationsEnabled(e.currentTarget.checked)} /> Notify me when a session waits
        for me or fails while I am not looking at it, and count waiting sessions on the {via === 'browser' ? 'tab title' : 'app icon'}
      </label>
      <label>
        <input type="checkbox" checked={notifyDone} disabled={!enabled} onChange={(e) => void setNotifyDone(e.currentTarget.checked)} /> Also notify me when a
        session is done: it finished a turn that I have not read
      </label>
      {via === 'browser' && enabled && permission === 'default' ? (
        <div>
          <button type="button" className="button" onClick={() => void allowBrowserNotifications()}>
            Allow browser notifications
          </button>
        </div>
      ) : null}
      {via === 'browser' && enabled && permission === 'denied' ? (
        <p className="settings-status">This browser blocks notifications for this page; allow them in its site settings. The tab title still counts waiting sessions.</p>
      ) : null}
      {via === 'browser' && permission === 'unsupported' ? <p className="settings-status">This browser has no notifications; the tab title counts waiting sessions.</p> : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
