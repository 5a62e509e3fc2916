import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Audience } from './access-tokens.js';

export const REFRESH_IDLE_MS = 30 * 60 * 1000;
export const REFRESH_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/**
 * How long a browser's just-used token still refreshes, without counting as reuse: the tabs of one browser share its
 * cookie, and a tab that sent it a moment before another tab's answer replaced it is no thief (decision 0206).
 */
export const COOKIE_REUSE_GRACE_MS = 30 * 1000;

/**
 * Where a token lives: `json` in the answer, for API clients, or `cookie` in the browser's HttpOnly cookie. A cookie
 * token is written with a prefix its hash covers, so no one can turn a JSON token into one (decision 0206).
 */
export type TokenDelivery = 'json' | 'cookie';
const COOKIE_TOKEN_PREFIX = 'c.';

/** A sign-in session is a family of refresh tokens; each works once and hands on to the next. */
export type IssuedRefreshToken = { token: string; familyId: string; idleExpiresAt: Date };

export type RotationResult =
  | { ok: true; token: string; familyId: string; userId: number; audience: Audience; idleExpiresAt: Date }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused'; userId?: number };

/** Opaque, 256 random bits; only its hash is stored, so a database leak yields no usable token. */
function newToken(delivery: TokenDelivery): { token: string; hash: string } {
  const random = randomBytes(32).toString('base64url');
  const token = delivery === 'cookie' ? `${COOKIE_TOKEN_PREFIX}${random}` : random;
  return { token, hash: hashToken(token) };
}

const deliveryOfToken = (token: string): TokenDelivery => (token.startsWith(COOKIE_TOKEN_PREFIX) ? 'cookie' : 'json');

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function startSession(
  db: Kysely<Database>,
  userId: number,
  audience: Audience,
  now = new Date(),
  familyId: string = randomUUID(),
  delivery: TokenDelivery = 'json',
  /** A new family's absolute end when sooner than the usual 12 hours (a view as customer's time limit, 0220). */
  endsBy?: Date,
): Promise<IssuedRefreshToken> {
  const deadline = await familyDeadline(db, familyId, now);
  const absolute = endsBy && endsBy < deadline ? endsBy : deadline;
  const { token, hash } = newToken(delivery);
  const idleExpiresAt = new Date(Math.min(now.getTime() + REFRESH_IDLE_MS, absolute.getTime()));
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      audience,
      token_hash: hash,
      created_at: now,
      idle_expires_at: idleExpiresAt,
      absolute_expires_at: absolute,
    })
    .execute();
  return { token, familyId, idleExpiresAt };
}

/** A family lives at most 12 hours from its first token, however often it is refreshed. */
async function familyDeadline(db: Kysely<Database>, familyId: string, now: Date): Promise<Date> {
  const first = await db
    .selectFrom('refresh_tokens')
    .select('absolute_expires_at')
    .where('family_id', '=', familyId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return first?.absolute_expires_at ?? new Date(now.getTime() + REFRESH_ABSOLUTE_MS);
}

/**
 * Exchanges a refresh token for the next one of its family. A token presented twice means it was copied:
 * the whole family is revoked, so neither the thief nor the owner can go on with it. The one exception is a cookie
 * token presented through the cookie (`delivery`) within {@link COOKIE_REUSE_GRACE_MS} of its first use: another
 * tab of the same browser, which gets a successor of its own. The successor lives where this request asked for it.
 */
export async function rotate(
  db: Kysely<Database>,
  presented: string,
  now = new Date(),
  delivery: TokenDelivery = 'json',
): Promise<RotationResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('refresh_tokens')
      .select([
        'id',
        'user_id',
        'family_id',
        'audience',
        'idle_expires_at',
        'absolute_expires_at',
        'used_at',
        'revoked_at',
      ])
      .where('token_hash', '=', hashToken(presented))
      .forUpdate()
      .executeTakeFirst();
    if (!current) return { ok: false, reason: 'unknown' };
    if (current.revoked_at) return { ok: false, reason: 'revoked', userId: current.user_id };
    const withinGrace =
      current.used_at !== null &&
      delivery === 'cookie' &&
      deliveryOfToken(presented) === 'cookie' &&
      now.getTime() - current.used_at.getTime() < COOKIE_REUSE_GRACE_MS;
    if (current.used_at && !withinGrace) {
      await revokeFamilies(trx, [current.family_id], now);
      return { ok: false, reason: 'reused', userId: current.user_id };
    }
    if (current.idle_expires_at <= now || current.absolute_expires_at <= now) {
      return { ok: false, reason: 'expired', userId: current.user_id };
    }
    // A token's grace runs from its first use, however many tabs come within it.
    if (!current.used_at) {
      await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', current.id).execute();
    }
    const { token, hash } = newToken(delivery);
    const idleExpiresAt = new Date(Math.min(now.getTime() + REFRESH_IDLE_MS, current.absolute_expires_at.getTime()));
    await trx
      .insertInto('refresh_tokens')
      .values({
        user_id: current.user_id,
        family_id: current.family_id,
        audience: current.audience,
        token_hash: hash,
        created_at: now,
        idle_expires_at: idleExpiresAt,
        absolute_expires_at: current.absolute_expires_at,
      })
      .execute();
    return {
      ok: true,
      token,
      familyId: current.family_id,
      userId: current.user_id,
      audience: current.audience,
      idleExpiresAt,
    };
  });
}

/**
 * Whether the user's session can still be taken up: not revoked (logout, password change, an administrator's
 * sign-out) and within its absolute lifetime. Its idle lifetime is not asked: a staff member's own session waits
 * while they view the portal as a customer, and a new token of it starts a new idle period (decision 0220).
 */
export async function isSessionStanding(
  db: Kysely<Database>,
  userId: number,
  familyId: string,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .where('audience', '=', 'main')
    .where('revoked_at', 'is', null)
    .where('absolute_expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the session the token belongs to; an unknown token changes nothing. */
export async function revokeSessionOf(
  db: Kysely<Database>,
  presented: string,
  now = new Date(),
): Promise<number | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'user_id'])
    .where('token_hash', '=', hashToken(presented))
    .executeTakeFirst();
  if (!row) return null;
  await revokeFamilies(db, [row.family_id], now);
  return row.user_id;
}

/**
 * Ends every session of the user but the one named (a password change keeps the session that made it; so does
 * "sign out everywhere else"). Answers the ids of the sessions that were still live and now are not.
 */
export async function revokeOtherSessions(
  db: Kysely<Database>,
  userId: number,
  keepFamilyId: string | null,
  now = new Date(),
): Promise<string[]> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '<>', keepFamilyId);
  return liveFamiliesAmong(await query.returning(RETURNED).execute(), now);
}

/**
 * Ends the named sessions of the user, both audiences (the dash tokens of a session share its family): their refresh
 * tokens stop working, and auth/principal.ts refuses their access tokens from the commit on, on every server (the
 * change notice of decision 0190). Ids of other users' sessions change nothing. Answers the ids of the sessions that
 * were still live and now are not. For My Account's sessions (decision 0211) and for whatever else must end some
 * sessions of a user (a company's new sign-in policy).
 */
export async function endSessions(
  db: Kysely<Database>,
  userId: number,
  familyIds: readonly string[],
  now = new Date(),
): Promise<string[]> {
  if (familyIds.length === 0) return [];
  const revoked = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('family_id', 'in', [...familyIds])
    .where('revoked_at', 'is', null)
    .returning(RETURNED)
    .execute();
  return liveFamiliesAmong(revoked, now);
}

const RETURNED = ['family_id', 'audience', 'used_at', 'idle_expires_at', 'absolute_expires_at'] as const;
type RevokedToken = {
  family_id: string;
  audience: Audience;
  used_at: Date | null;
  idle_expires_at: Date;
  absolute_expires_at: Date;
};

/**
 * The sessions among revoked tokens that could still have been refreshed: a main token not yet used nor expired
 * ({@link isLiveToken}), as the sessions list and the sign-in history count a session live.
 */
function liveFamiliesAmong(revoked: readonly RevokedToken[], now: Date): string[] {
  return [...new Set(revoked.filter((token) => isLiveToken(token, now)).map((token) => token.family_id))];
}

const isLiveToken = (token: RevokedToken, now: Date) =>
  token.audience === 'main' && token.used_at === null && token.idle_expires_at > now && token.absolute_expires_at > now;

async function revokeFamilies(db: Kysely<Database>, familyIds: string[], now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', 'in', familyIds)
    .where('revoked_at', 'is', null)
    .execute();
}
