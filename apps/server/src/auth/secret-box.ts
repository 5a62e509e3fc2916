import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { sharedServerSecret } from './server-secrets.js';

/*
 * Encryption at rest of the secrets the portal must read back (the authenticator apps' keys; decision 0207):
 * AES-256-GCM under a key derived from ENCRYPTION_KEY, or, unset, from a random key kept in the database and shared
 * by every server on it, as the signing key is (decision 0195). Each secret is sealed with a fresh 96-bit nonce and
 * bound to what it belongs to (its `context`, authenticated but not stored), so a sealed value copied to another
 * row does not open there.
 *
 * Sealed layout: version (1 byte, 1) | nonce (12) | GCM tag (16) | ciphertext.
 */

const SECRET_NAME = 'encryption-key';
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + NONCE_BYTES + TAG_BYTES;

export type SecretBox = {
  /** The secret, encrypted and bound to `context` (what it belongs to, such as `authenticator:42`). */
  seal(secret: Uint8Array, context: string): Buffer;
  /** The secret again; throws if it was sealed under another key or context, or changed since. */
  open(sealed: Uint8Array, context: string): Buffer;
};

/** The deployment's secret box: from ENCRYPTION_KEY when set, else from the key kept in the database. */
export async function loadSecretBox(
  db: Kysely<Database>,
  options: { encryptionKey: string | undefined },
): Promise<SecretBox> {
  const material = options.encryptionKey
    ? new TextEncoder().encode(options.encryptionKey)
    : await sharedServerSecret(db, SECRET_NAME, () => randomBytes(32));
  return secretBox(material);
}

/** A secret box over key material of at least 32 bytes, from which the AES-256 key is derived (HKDF-SHA256). */
export function secretBox(material: Uint8Array): SecretBox {
  if (material.length < 32) throw new RangeError('The encryption key needs at least 32 bytes');
  const key = Buffer.from(hkdfSync('sha256', material, new Uint8Array(0), 'portal secret box v1', 32));
  return {
    seal(secret, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES }).setAAD(
        Buffer.from(context, 'utf8'),
      );
      const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
      return Buffer.concat([Buffer.of(VERSION), nonce, cipher.getAuthTag(), ciphertext]);
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed);
      if (bytes.length < HEADER_BYTES || bytes[0] !== VERSION) throw new Error('Not a sealed secret of this version');
      const nonce = bytes.subarray(1, 1 + NONCE_BYTES);
      const tag = bytes.subarray(1 + NONCE_BYTES, HEADER_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES }).setAAD(
        Buffer.from(context, 'utf8'),
      );
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(bytes.subarray(HEADER_BYTES)), decipher.final()]);
    },
  };
}
