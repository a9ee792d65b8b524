import type { AppInfo } from '../../../../shared/ipc/app';
import { api } from '../../bridge';
import { setAppInfo } from '../../stores/app';
import { applyTheme } from '../settings/actions';

/** The app's own facts (version, transport, default folder, start-up notices), asked for once at start. */
export async function loadAppInfo(): Promise<AppInfo | null> {
  const result = await api().invoke('app:info', {});
  if (!result.ok) return null;
  setAppInfo(result.value);
  applyTheme(result.value.theme ?? 'system');
  return result.value;
}
