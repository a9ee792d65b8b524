import { safeStorage } from 'electron';
import type { SecretBox } from '../core';
import { safeStorageReallyEncrypts } from './policy';

/** API keys at rest, sealed by the OS keychain through Electron's safeStorage (base64 in the store). */
export const electronSecretBox: SecretBox = {
  isEncryptionAvailable: () =>
    safeStorageReallyEncrypts(process.platform, safeStorage.isEncryptionAvailable(), () => safeStorage.getSelectedStorageBackend()),
  encrypt: (plain) => safeStorage.encryptString(plain).toString('base64'),
  decrypt: (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')),
};
