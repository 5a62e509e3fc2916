import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A secret every server on one database shares and nobody configured, kept in `server_secrets` under `name`
 * (decision 0195): the stored one, or else `candidate()`'s, stored first. Servers starting together may each propose
 * one: the first row wins and all of them read it.
 */
export async function sharedServerSecret(
  db: Kysely<Database>,
  name: string,
  candidate: () => Promise<Uint8Array> | Uint8Array,
): Promise<Uint8Array> {
  const stored = await storedSecret(db, name);
  if (stored) return stored;
  await db
    .insertInto('server_secrets')
    .values({ name, value: Buffer.from(await candidate()) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const secret = await storedSecret(db, name);
  if (!secret) throw new Error(`The server secret '${name}' could not be stored in the database`);
  return secret;
}

async function storedSecret(db: Kysely<Database>, name: string): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row ? new Uint8Array(row.value) : undefined;
}
