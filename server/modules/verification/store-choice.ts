import path from 'node:path';
import type { Config } from '../../config.ts';
import { createSecretBox } from '../../secret-box.ts';
import { sharedSecret } from '../../shared-secrets.ts';
import { createDiskStore, createS3Store } from './storage.ts';

/**
 * The document store and cipher the configuration asks for: an S3-compatible bucket when KYC_S3_URL is set, else
 * DATA_DIR/kyc/; the key from KYC_ENCRYPTION_KEY, else one generated once into DATA_DIR/secrets/kyc-encryption-key
 * (a 256-bit key as 64 hex characters, like the other generated secrets).
 */
export function createDocumentStore(config: Config) {
  const key = sharedSecret(config, 'kyc-encryption-key');
  return {
    cipher: createSecretBox(key),
    store: config.kyc.s3Url ? createS3Store(config.kyc.s3Url) : createDiskStore(path.join(config.dataDir, 'kyc')),
  };
}
