import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { sharedServerSecret } from './server-secrets.js';

const SECRET_NAME = 'jwt-signing-key';

/**
 * The HMAC key for access tokens: JWT_SECRET when set; otherwise the deployment's own key, kept in the database, so
 * every server on one database signs and verifies with the same key and tokens survive restarts (decision 0195).
 * The first server to start creates it; a key an earlier version kept under DATA_DIR becomes that key, so an
 * upgrade signs nobody out.
 */
export async function loadSigningKey(
  db: Kysely<Database>,
  options: { jwtSecret: string | undefined; dataDir: string },
): Promise<Uint8Array> {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  return sharedServerSecret(db, SECRET_NAME, async () => (await keyFileOf(options.dataDir)) ?? randomBytes(48));
}

/** The key file earlier versions wrote under DATA_DIR, if this server has one. */
async function keyFileOf(dataDir: string): Promise<Buffer | undefined> {
  try {
    const key = Buffer.from((await readFile(path.join(dataDir, 'secrets', SECRET_NAME), 'utf8')).trim(), 'base64url');
    return key.length >= 32 ? key : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
