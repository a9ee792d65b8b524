import type { SafeStorage } from 'electron';
import type { SecretBox } from '../core';
import { safeStorageReallyEncrypts } from './policy';

/** The parts of Electron's safeStorage used: the async forms only (the sync ones block the host on a keychain prompt). */
export type AsyncSafeStorage = Pick<SafeStorage, 'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'>;

/**
 * API keys at rest, sealed by the OS keychain through Electron's safeStorage (base64 in the store).
 * Whether it really encrypts is settled once, here (Linux's `basic_text` does not: SPEC §11).
 */
export async function openElectronSecretBox(safeStorage: AsyncSafeStorage, platform: NodeJS.Platform): Promise<SecretBox> {
  const available = await safeStorage.isAsyncEncryptionAvailable();
  const reallyEncrypts = safeStorageReallyEncrypts(platform, available, () => safeStorage.getSelectedStorageBackend());
  return {
    isEncryptionAvailable: () => reallyEncrypts,
    encrypt: async (plain) => (await safeStorage.encryptStringAsync(plain)).toString('base64'),
    decrypt: async (sealed) => {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(sealed, 'base64'));
      return { plain: result, reseal: shouldReEncrypt };
    },
  };
}
