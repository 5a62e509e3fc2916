import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

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
  const stored = await storedKey(db);
  if (stored) return stored;
  const candidate = (await keyFileOf(options.dataDir)) ?? randomBytes(48);
  // Servers starting together may each propose one: the first row wins and all of them read it.
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: Buffer.from(candidate) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const key = await storedKey(db);
  if (!key) throw new Error('The signing key could not be stored in the database');
  return key;
}

async function storedKey(db: Kysely<Database>): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  return row ? new Uint8Array(row.value) : undefined;
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
