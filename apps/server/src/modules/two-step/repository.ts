import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EstateScope } from '../../scope/estate-scope.js';

/*
 * The rows of two-step verification (migration 0026, docs/decisions/0207). The account's own calls reach them through
 * the caller's scope: a user reads and changes only their own factors. The sign-in's second step comes before any
 * scope, and names its user by the challenge.
 */

/** A user's authenticator app: its sealed key, whether it is confirmed, and the newest step a code was accepted for. */
export type AuthenticatorRow = {
  secretSealed: Buffer;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
};

export async function authenticatorOf(db: Kysely<Database>, userId: number): Promise<AuthenticatorRow | undefined> {
  const row = await db
    .selectFrom('user_authenticators')
    .select(['secret_sealed', 'confirmed_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { secretSealed: row.secret_sealed, confirmedAt: row.confirmed_at, lastUsedStep: row.last_used_step };
}

/** What My Account shows: the confirmed authenticator, and the unused recovery codes. */
export async function twoStepStatus(scope: EstateScope) {
  const row = await scope.db
    .selectFrom('users')
    .leftJoin('user_authenticators', (join) =>
      join.onRef('user_authenticators.user_id', '=', 'users.id').on('user_authenticators.confirmed_at', 'is not', null),
    )
    .select([
      'user_authenticators.confirmed_at',
      sql<number>`(SELECT count(*)::int FROM recovery_codes c WHERE c.user_id = users.id AND c.used_at IS NULL)`.as(
        'codes_left',
      ),
      sql<number>`(SELECT count(*)::int FROM passkeys p WHERE p.user_id = users.id)`.as('passkeys'),
    ])
    .where('users.id', '=', scope.caller.userId)
    .executeTakeFirstOrThrow();
  return { confirmedAt: row.confirmed_at, recoveryCodesLeft: row.codes_left, passkeys: row.passkeys };
}

/*
 * The setup's rows name their user rather than take a scope: My Account sets up the caller's own app, and a sign-in
 * that a company's policy holds up sets up the app of the challenge's user, before any session (decision 0210).
 */

/** The user's username and their partner's name: whom an authenticator app's entry says it is for. */
export async function accountNames(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('partners', 'partners.id', 'users.partner_id')
    .select(['users.user_name as userName', 'partners.name as partnerName'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** A new, unconfirmed authenticator for the user, replacing one not yet confirmed. */
export async function storePendingAuthenticator(
  db: Kysely<Database>,
  userId: number,
  secretSealed: Buffer,
): Promise<void> {
  await db
    .insertInto('user_authenticators')
    .values({ user_id: userId, secret_sealed: secretSealed })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ secret_sealed: secretSealed, created_at: sql<Date>`now()`, last_used_step: null })
        .where('user_authenticators.confirmed_at', 'is', null),
    )
    .execute();
}

/**
 * Records that a code of `step` was accepted, unless a code of that step or a later one already was (two requests
 * racing with the same code): true when this one counts. `confirm` also confirms a new authenticator.
 */
export async function useStep(
  db: Kysely<Database>,
  userId: number,
  step: number,
  options: { confirm?: boolean } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('user_authenticators')
    .set({ last_used_step: step, ...(options.confirm ? { confirmed_at: sql<Date>`now()` } : {}) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .where('confirmed_at', options.confirm ? 'is' : 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes the caller's authenticator and recovery codes: the account is back to its password alone. */
export async function removeSecondFactors(scope: EstateScope): Promise<void> {
  await removeSecondFactorsOf(scope.db, scope.caller.userId);
}

/**
 * Removes every second factor of a user (authenticator app, passkeys) and their recovery codes. Callers other than
 * the user's own account (an administrator's reset) check first that the user is theirs to change.
 */
export async function removeSecondFactorsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_authenticators').where('user_id', '=', userId).execute();
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

/** Removes the caller's authenticator alone: their passkeys, and the recovery codes standing in for them, stay. */
export async function removeAuthenticatorOnly(scope: EstateScope): Promise<void> {
  await scope.db.deleteFrom('user_authenticators').where('user_id', '=', scope.caller.userId).execute();
}

/** Replaces every recovery code of the user (used or not) with these hashes. */
export async function replaceRecoveryCodes(db: Kysely<Database>, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** The user's unused recovery codes' hashes. */
export async function unusedRecoveryCodes(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash as codeHash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Uses a recovery code up; false when another request used it first. */
export async function useRecoveryCode(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Whether the user has a second factor the sign-in must ask for: a confirmed authenticator app, or a passkey. The one
 * place that says so: the second step, a company's two-step requirement and the refusal to remove a last factor all
 * ask here.
 */
export async function hasSecondFactor(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select([
      sql<boolean>`EXISTS (SELECT 1 FROM user_authenticators a WHERE a.user_id = users.id AND a.confirmed_at IS NOT NULL)
        OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = users.id)`.as('has_factor'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.has_factor === true;
}

/** Only its hash is stored: the challenge has 256 random bits, so a plain hash is enough (as for refresh tokens). */
function challengeHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function storeChallenge(db: Kysely<Database>, userId: number, token: string, expiresAt: Date) {
  await db
    .insertInto('sign_in_challenges')
    .values({ user_id: userId, token_hash: challengeHash(token), expires_at: expiresAt })
    .execute();
}

/** The user of a challenge that is unused and unexpired, or undefined. */
export async function challengeUser(db: Kysely<Database>, token: string, now: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom('sign_in_challenges')
    .select('user_id')
    .where('token_hash', '=', challengeHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses a challenge up; false when it was used (or expired) meanwhile. */
export async function useChallenge(db: Kysely<Database>, token: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_challenges')
    .set({ used_at: now })
    .where('token_hash', '=', challengeHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
