/**
 * The settings screen's sections, in tab order: each a `tab` named by it (SPEC §7.1). A new section
 * is one more entry here and its panel in `SettingsDialog`.
 */
export const SETTINGS_SECTIONS = [
  { id: 'general', name: 'General' },
  { id: 'agents', name: 'Agents' },
  { id: 'ambient', name: 'Ambient model' },
  { id: 'notifications', name: 'Notifications' },
  { id: 'import', name: 'History import' },
  { id: 'hosts', name: 'Hosts' },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];
