import type { Kysely } from 'kysely';
import { type Actor, writeAs } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';

/** How long the forgot-password e-mail's temporary password works (docs/decisions/0047). */
export const TEMPORARY_PASSWORD_LIFETIME_MS = 60 * 60 * 1000;

/** How long a new user's first temporary password works (docs/decisions/0111): long enough to reach them. */
export const NEW_USER_PASSWORD_LIFETIME_MS = 72 * 60 * 60 * 1000;

/**
 * Keeps a new temporary password for the user, replacing any earlier one: only the latest works. `db` may be a
 * transaction, so a new user and their first password are stored together.
 */
export async function storeTemporaryPassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  lifetimeMs = TEMPORARY_PASSWORD_LIFETIME_MS,
  now = new Date(),
): Promise<void> {
  const row = {
    password_hash: passwordHash,
    created_at: now,
    expires_at: new Date(now.getTime() + lifetimeMs),
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
async function consumeTemporaryPassword(
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
async function discardTemporaryPassword(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('temporary_passwords').where('user_id', '=', userId).execute();
}

/**
 * Sets a user's password in one transaction: a temporary password that authenticated the change is used up (false,
 * and nothing changes, when another request used it first or it is gone); any other change voids a pending one.
 */
export function setPassword(
  db: Kysely<Database>,
  actor: Actor & { userId: number },
  passwordHash: string,
  temporaryPasswordHash: string | null,
): Promise<boolean> {
  return writeAs(db, actor, async (trx) => {
    if (temporaryPasswordHash) {
      if (!(await consumeTemporaryPassword(trx, actor.userId, temporaryPasswordHash))) return false;
    } else {
      await discardTemporaryPassword(trx, actor.userId);
    }
    await trx
      .updateTable('user_credentials')
      .set({
        password_hash: passwordHash,
        changed_at: new Date(),
        expires_at: null,
        reset_required: false,
        awaiting_first_password: false,
      })
      .where('user_id', '=', actor.userId)
      .execute();
    return true;
  });
}

/** The name of the partner whose portal the user signs in to, for the e-mails the portal sends them. */
export async function partnerNameOf(db: Kysely<Database>, userId: number): Promise<string> {
  const partner = await db
    .selectFrom('partners')
    .innerJoin('users', 'users.partner_id', 'partners.id')
    .select('partners.name')
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return partner.name;
}
