import { createHash } from 'node:crypto';
import type { Passkey } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, PasskeyChallengesTable } from '../../db/schema.js';
import type { EstateScope } from '../../scope/estate-scope.js';

/*
 * The rows of passkeys (migration 0030, docs/decisions/0209). My Account's calls reach the caller's own through the
 * scope (another user's passkey id is not found); the sign-in's ceremonies come before any scope and name the user
 * by the challenge or by the passkey itself.
 */

/** A passkey as the ceremonies need it. */
export type PasskeyRow = {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  userHandle: string;
  name: string;
};

export type ChallengePurpose = PasskeyChallengesTable['purpose'];

const listed = ['id', 'name', 'created_at', 'last_used_at', 'backed_up'] as const;

function passkeyOf(row: {
  id: number;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  backed_up: boolean;
}): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    backedUp: row.backed_up,
  };
}

/** The caller's passkeys, oldest first. */
export async function listPasskeys(scope: EstateScope): Promise<Passkey[]> {
  const rows = await scope.db
    .selectFrom('passkeys')
    .select(listed)
    .where('user_id', '=', scope.caller.userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(passkeyOf);
}

/** One of the caller's passkeys, or undefined (another user's is not theirs to know of). */
export async function ownPasskey(scope: EstateScope, id: number): Promise<Passkey | undefined> {
  const row = await scope.db
    .selectFrom('passkeys')
    .select(listed)
    .where('id', '=', id)
    .where('user_id', '=', scope.caller.userId)
    .executeTakeFirst();
  return row && passkeyOf(row);
}

function rowOf(row: {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: Buffer;
  counter: string | number;
  transports: string[];
  user_handle: string;
  name: string;
}): PasskeyRow {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports,
    userHandle: row.user_handle,
    name: row.name,
  };
}

const ceremonyColumns = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'counter',
  'transports',
  'user_handle',
  'name',
] as const;

/** The user's passkeys as the ceremonies need them. */
export async function passkeysOfUser(db: Kysely<Database>, userId: number): Promise<PasskeyRow[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(ceremonyColumns)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(rowOf);
}

/** The passkey the authenticator names by this credential id, whoever's it is. */
export async function passkeyByCredentialId(db: Kysely<Database>, credentialId: string) {
  const row = await db
    .selectFrom('passkeys')
    .select(ceremonyColumns)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && rowOf(row);
}

export async function passkeyCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

export type NewPasskey = {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  userHandle: string;
  name: string;
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
};

/** Stores the caller's new passkey; undefined when its credential id is already stored (anyone's). */
export async function insertPasskey(scope: EstateScope, passkey: NewPasskey): Promise<Passkey | undefined> {
  const row = await scope.db
    .insertInto('passkeys')
    .values({
      user_id: scope.caller.userId,
      credential_id: passkey.credentialId,
      public_key: Buffer.from(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
      user_handle: passkey.userHandle,
      name: passkey.name,
      device_type: passkey.deviceType,
      backed_up: passkey.backedUp,
    })
    .onConflict((conflict) => conflict.column('credential_id').doNothing())
    .returning(listed)
    .executeTakeFirst();
  return row && passkeyOf(row);
}

export async function renamePasskey(scope: EstateScope, id: number, name: string): Promise<Passkey | undefined> {
  const row = await scope.db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', scope.caller.userId)
    .returning(listed)
    .executeTakeFirst();
  return row && passkeyOf(row);
}

/** Deletes one of the caller's passkeys; false when it is not theirs (or gone). */
export async function deletePasskey(scope: EstateScope, id: number): Promise<boolean> {
  const result = await scope.db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', scope.caller.userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** After a sign-in with it: the counter the authenticator gave, whether it is now synced, and when it was used. */
export async function recordPasskeyUse(
  db: Kysely<Database>,
  id: number,
  use: { counter: number; backedUp: boolean },
): Promise<void> {
  await db
    .updateTable('passkeys')
    .set({ counter: use.counter, backed_up: use.backedUp, last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Only its hash is stored: a challenge has 256 random bits, so a plain hash is enough (as for sign-in challenges). */
export function challengeHash(challenge: string): string {
  return createHash('sha256').update(challenge).digest('hex');
}

export async function storePasskeyChallenge(
  db: Kysely<Database>,
  challenge: { value: string; purpose: ChallengePurpose; userId: number | null; userHandle?: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: challengeHash(challenge.value),
      purpose: challenge.purpose,
      user_id: challenge.userId,
      user_handle: challenge.userHandle ?? null,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/**
 * Uses a challenge up: deletes it if it is unexpired, of this purpose and (but for a sign-in with a passkey alone)
 * of this user, and answers what it kept; undefined otherwise. Whatever the ceremony's outcome, a challenge works
 * once, and two requests racing with the same one cannot both take it.
 */
export async function takePasskeyChallenge(
  db: Kysely<Database>,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now = new Date(),
): Promise<{ userHandle: string | null } | undefined> {
  const row = await db
    .deleteFrom('passkey_challenges')
    .where('challenge_hash', '=', challengeHash(challenge))
    .where('purpose', '=', purpose)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .where('expires_at', '>', now)
    .returning('user_handle')
    .executeTakeFirst();
  return row && { userHandle: row.user_handle };
}
