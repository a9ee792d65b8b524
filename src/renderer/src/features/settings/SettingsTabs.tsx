import { useRef, type KeyboardEvent } from 'react';
import { SETTINGS_SECTIONS, type SettingsSection } from './sections';

/** The id of a section's tab and of its panel (the panel is labelled by its tab). */
export const tabId = (base: string, section: SettingsSection) => `${base}-tab-${section}`;
export const panelId = (base: string, section: SettingsSection) => `${base}-panel-${section}`;

/**
 * One `tab` per section in a `tablist` (WAI-ARIA tabs, automatic activation): the selected tab is the one
 * Tab stop; ←/→ (and ↑/↓) move to the previous / next section, Home / End to the first / last.
 */
export function SettingsTabs({ base, selected, onSelect }: { base: string; selected: SettingsSection; onSelect: (section: SettingsSection) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = SETTINGS_SECTIONS.findIndex((s) => s.id === selected);
    const last = SETTINGS_SECTIONS.length - 1;
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowDown' ? (at === last ? 0 : at + 1)
      : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? (at === 0 ? last : at - 1)
      : e.key === 'Home' ? 0
      : e.key === 'End' ? last
      : null;
    if (to === null) return;
    e.preventDefault();
    const next = SETTINGS_SECTIONS[to];
    if (!next) return;
    onSelect(next.id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Settings sections" aria-orientation="vertical" className="settings-tabs" onKeyDown={move}>
      {SETTINGS_SECTIONS.map((section) => (
        <button
          key={section.id}
          id={tabId(base, section.id)}
          type="button"
          role="tab"
          aria-selected={section.id === selected}
          aria-controls={panelId(base, section.id)}
          tabIndex={section.id === selected ? 0 : -1}
          className="settings-tab"
          onClick={() => onSelect(section.id)}
        >
          {section.name}
        </button>
      ))}
    </div>
  );
}
