import './settings.css';
import { useEffect, useId } from 'react';
import { Modal } from '../../components/Modal';
import { ActivityLog } from '../ambient/ActivityLog';
import { ImportSettings } from '../import/ImportSettings';
import { NotificationSettings } from '../notifications/NotificationSettings';
import { loadSettings } from './actions';
import { AgentSettings } from './AgentSettings';
import { AmbientSettingsForm } from './AmbientSettingsForm';
import { GeneralSettings } from './GeneralSettings';
import { HostsSettings } from '../hosts/HostsSettings';
import type { SettingsSection } from './sections';
import { panelId, SettingsTabs, tabId } from './SettingsTabs';
import { setSettingsOpen, setSettingsTab, useSettings } from './store';

/** The settings screen: a `dialog` "Settings" with one tab per section, each showing its own settings only. */
export function SettingsDialog() {
  const open = useSettings((s) => s.open);
  if (!open) return null;
  return <SettingsContent />;
}

/** The selected section's settings (each saves itself: as changed, or with its own Save). */
function SectionBody({ section }: { section: SettingsSection }) {
  const view = useSettings((s) => s.view);
  switch (section) {
    case 'general':
      return <GeneralSettings />;
    case 'agents':
      return view ? (
        <AgentSettings view={view} />
      ) : (
        <p className="settings-hint">Loading…</p>
      );
    case 'ambient':
      return (
        <>
          {view ? <AmbientSettingsForm view={view} /> : <p className="settings-hint">Loading…</p>}
          <ActivityLog />
        </>
      );
    case 'notifications':
      return <NotificationSettings />;
    case 'import':
      return <ImportSettings />;
    case 'hosts':
      return <HostsSettings />;
  }
}

function SettingsContent() {
  const tab = useSettings((s) => s.tab);
  const error = useSettings((s) => s.error);
  const base = useId();
  useEffect(() => {
    void loadSettings();
  }, []);
  return (
    <Modal title="Settings" onClose={() => setSettingsOpen(false)} initialFocus='[role="tab"][aria-selected="true"]'>
      <div className="settings">
        <SettingsTabs base={base} selected={tab} onSelect={setSettingsTab} />
        <div className="settings-body">
          {error ? (
            <p role="alert" className="form-error">
              {error}
            </p>
          ) : null}
          <div role="tabpanel" id={panelId(base, tab)} aria-labelledby={tabId(base, tab)} className="settings-panel" tabIndex={0}>
            <SectionBody key={tab} section={tab} />
          </div>
        </div>
      </div>
      <div className="form-actions settings-close">
        <button type="button" className="button" onClick={() => setSettingsOpen(false)}>
          Close
        </button>
      </div>
    </Modal>
  );
}
