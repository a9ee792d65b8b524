import type { CustomScheme } from 'electron';
import { describe, expect, it, vi } from 'vitest';

// The real registration, with Electron's protocol module replaced by a recorder.
const registered: CustomScheme[] = [];
vi.mock('electron', () => ({
  protocol: { registerSchemesAsPrivileged: (schemes: CustomScheme[]) => registered.push(...schemes), handle: vi.fn() },
}));

describe('app:// scheme privileges (protocol.ts)', () => {
  it('is a standard, secure scheme with V8 code cache (Electron caches custom schemes only with codeCache and standard)', async () => {
    const { registerAppSchemePrivileges } = await import('../../../src/main/electron/protocol');
    registerAppSchemePrivileges();
    expect(registered).toHaveLength(1);
    expect(registered[0]).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
    });
  });
});
