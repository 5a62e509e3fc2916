import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const SECRET_NAME = 'sso-secret-key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The first byte of a sealed value: the format, so a later key or cipher can be told apart. */
const VERSION = 1;

/**
 * Seals the identity providers' client secrets at rest with AES-256-GCM (docs/decisions/0208). A sealed value is
 * version | 12-byte IV | 16-byte tag | ciphertext; the associated data names what it belongs to (the connection's
 * company), so a sealed secret copied to another row does not open there.
 */
export type SecretBox = {
  seal(plain: string, associated: string): Buffer;
  /** The secret, or an error when the value was not sealed with this key for this owner. */
  open(sealed: Buffer, associated: string): string;
};

export function secretBox(key: Uint8Array): SecretBox {
  if (key.length !== KEY_BYTES) throw new RangeError(`The secret key must be ${KEY_BYTES} bytes`);
  return {
    seal(plain, associated) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(associated, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
    },
    open(sealed, associated) {
      if (sealed[0] !== VERSION || sealed.length < 1 + IV_BYTES + TAG_BYTES) throw new Error('Not a sealed secret');
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(associated, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** What the app keeps: a box whose key is read on first use, so building the app touches no database. */
export type LazySecretBox = {
  seal(plain: string, associated: string): Promise<Buffer>;
  open(sealed: Buffer, associated: string): Promise<string>;
};

export function lazySecretBox(loadKey: () => Promise<Uint8Array>): LazySecretBox {
  let box: Promise<SecretBox> | undefined;
  const ready = () => {
    box ??= loadKey().then(secretBox);
    // A key that could not be read (the database was down) is asked for again next time.
    box.catch(() => {
      box = undefined;
    });
    return box;
  };
  return {
    seal: async (plain, associated) => (await ready()).seal(plain, associated),
    open: async (sealed, associated) => (await ready()).open(sealed, associated),
  };
}

/**
 * The sealing key: SSO_SECRET_KEY when set (32 bytes, base64 or base64url), which keeps the key out of the
 * database; otherwise, like the signing key (auth/signing-key.ts, decision 0195), the deployment's own random key,
 * kept in server_secrets so that every server on one database opens what another sealed and `npm start` needs no
 * configuration.
 */
export async function loadSsoSecretKey(db: Kysely<Database>, configured: Uint8Array | undefined): Promise<Uint8Array> {
  if (configured) return configured;
  const stored = await storedKey(db);
  if (stored) return stored;
  // Servers starting together may each propose one: the first row wins and all of them read it.
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(KEY_BYTES) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const key = await storedKey(db);
  if (!key) throw new Error('The single sign-on secret key could not be stored in the database');
  return key;
}

async function storedKey(db: Kysely<Database>): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  return row ? new Uint8Array(row.value) : undefined;
}
