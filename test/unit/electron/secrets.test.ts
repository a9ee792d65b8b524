import type { SafeStorage } from 'electron';
import { describe, expect, it } from 'vitest';
import { openElectronSecretBox } from '../../../src/main/electron/secrets';

type Backend = ReturnType<SafeStorage['getSelectedStorageBackend']>;

/**
 * Electron's whole safeStorage, faked at the module boundary: the async forms seal by reversing the bytes
 * (rotated keys say so through `shouldReEncrypt`); the deprecated sync forms, which block the host's one
 * thread on a keychain prompt, throw if they are ever called.
 */
function fakeSafeStorage(opts: { available: boolean; backend: Backend; rotated?: boolean }): SafeStorage & { syncCalls: string[] } {
  const syncCalls: string[] = [];
  const refuse = (name: string) => (): never => {
    syncCalls.push(name);
    throw new Error(`${name} blocks the host`);
  };
  return {
    syncCalls,
    isEncryptionAvailable: refuse('isEncryptionAvailable'),
    encryptString: refuse('encryptString'),
    decryptString: refuse('decryptString'),
    setUsePlainTextEncryption: refuse('setUsePlainTextEncryption'),
    isAsyncEncryptionAvailable: () => Promise.resolve(opts.available),
    getSelectedStorageBackend: () => opts.backend,
    encryptStringAsync: (plain) => Promise.resolve(Buffer.from(plain).reverse()),
    decryptStringAsync: (sealed) => Promise.resolve({ result: Buffer.from(sealed).reverse().toString(), shouldReEncrypt: opts.rotated ?? false }),
  };
}

describe('the Electron secret box (SPEC §11)', () => {
  it('seals and unseals with the async safeStorage calls only, never the blocking ones', async () => {
    const storage = fakeSafeStorage({ available: true, backend: 'gnome_libsecret' });
    const box = await openElectronSecretBox(storage, 'linux');
    expect(box.isEncryptionAvailable()).toBe(true);
    const sealed = await box.encrypt('sk-secret');
    expect(sealed).not.toContain('sk-secret');
    expect(Buffer.from(sealed, 'base64').toString()).toBe('terces-ks');
    expect(await box.decrypt(sealed)).toEqual({ plain: 'sk-secret', reseal: false });
    expect(storage.syncCalls).toEqual([]);
  });

  it("passes on safeStorage's shouldReEncrypt as a reseal", async () => {
    const box = await openElectronSecretBox(fakeSafeStorage({ available: true, backend: 'kwallet6', rotated: true }), 'linux');
    expect(await box.decrypt(Buffer.from('ks').toString('base64'))).toEqual({ plain: 'sk', reseal: true });
  });

  it("is not trusted where it does not really encrypt: Linux's basic_text, an unknown backend, or none at all", async () => {
    expect((await openElectronSecretBox(fakeSafeStorage({ available: true, backend: 'basic_text' }), 'linux')).isEncryptionAvailable()).toBe(false);
    expect((await openElectronSecretBox(fakeSafeStorage({ available: true, backend: 'unknown' }), 'linux')).isEncryptionAvailable()).toBe(false);
    expect((await openElectronSecretBox(fakeSafeStorage({ available: false, backend: 'gnome_libsecret' }), 'linux')).isEncryptionAvailable()).toBe(false);
    // The backend is a Linux matter: macOS's Keychain and Windows' DPAPI really encrypt when available.
    expect((await openElectronSecretBox(fakeSafeStorage({ available: true, backend: 'basic_text' }), 'darwin')).isEncryptionAvailable()).toBe(true);
    expect((await openElectronSecretBox(fakeSafeStorage({ available: false, backend: 'unknown' }), 'win32')).isEncryptionAvailable()).toBe(false);
  });
});
