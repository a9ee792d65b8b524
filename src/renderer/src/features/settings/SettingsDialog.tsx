import './settings.css';
import { useEffect } from 'react';
import { Modal } from '../../components/Modal';
import { ActivityLog } from '../ambient/ActivityLog';
import { ImportSettings } from '../import/ImportSettings';
import { NotificationSettings } from '../notifications/NotificationSettings';
import { loadSettings } from './actions';
import { AmbientSettingsForm } from './AmbientSettingsForm';
import { setSettingsOpen, setSettingsTab, useSettings } from './store';

/** The settings screen: a `dialog` "Settings" with the ambient provider settings and the ambient activity log. */
export function SettingsDialog() {
  const open = useSettings((s) => s.open);
  if (!open) return null;
  return <SettingsContent />;
}

function SettingsContent() {
  const tab = useSettings((s) => s.tab);
  const view = useSettings((s) => s.view);
  const error = useSettings((s) => s.error);
  useEffect(() => {
    void loadSettings();
  }, []);
  return (
    <Modal title="Settings" onClose={() => setSettingsOpen(false)}>
      <div className="settings">
        <div role="tablist" aria-label="Settings sections" className="settings-tabs">
          <button type="button" role="tab" aria-selected={tab === 'ambient'} className="button" onClick={() => setSettingsTab('ambient')}>
            Ambient model
          </button>
          <button type="button" role="tab" aria-selected={tab === 'activity'} className="button" onClick={() => setSettingsTab('activity')}>
            Ambient activity
          </button>
        </div>
        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        <div role="tabpanel" aria-label={tab === 'ambient' ? 'Ambient model' : 'Ambient activity'}>
          {tab === 'ambient' ? view ? <AmbientSettingsForm view={view} /> : <p>Loading…</p> : <ActivityLog />}
        </div>
        <NotificationSettings />
        <ImportSettings />
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setSettingsOpen(false)}>
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}
