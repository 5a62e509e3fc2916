import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** How long the forgot-password e-mail's temporary password works (docs/decisions/0047). */
export const TEMPORARY_PASSWORD_LIFETIME_MS = 60 * 60 * 1000;

/** Keeps a new temporary password for the user, replacing any earlier one: only the latest works. */
export async function storeTemporaryPassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  now = new Date(),
): Promise<void> {
  const row = {
    password_hash: passwordHash,
    created_at: now,
    expires_at: new Date(now.getTime() + TEMPORARY_PASSWORD_LIFETIME_MS),
  };
  await db
    .insertInto('temporary_passwords')
    .values({ user_id: userId, ...row })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
    .execute();
}

/**
 * Uses up the temporary password that authenticated a change; false when it is no longer there (another request
 * used it first, a newer one replaced it, or it expired), so it works exactly once.
 */
export async function consumeTemporaryPassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  now = new Date(),
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('temporary_passwords')
    .where('user_id', '=', userId)
    .where('password_hash', '=', passwordHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** A password set any other way makes a pending temporary password void. */
export async function discardTemporaryPassword(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('temporary_passwords').where('user_id', '=', userId).execute();
}
