import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ScheduledTask } from './scheduler.js';
import type { TaskPeriod } from './task-period.js';

export const PURGE_EXPIRED_CREDENTIALS = 'purge-expired-credentials';

/**
 * Deletes the sign-in credentials nobody can use any more (decision 0203), as a scheduled task:
 * - the refresh tokens of sessions past their 12 hours (absolute_expires_at, the same for every token of a
 *   session): no token of such a session can be refreshed, and the access tokens it issued are refused, since
 *   auth/principal.ts wants a session still within that time. Sessions that are only idle, revoked, or whose
 *   tokens were used stay until then, so a used token replayed within the 12 hours is still told apart from an
 *   unknown one, and the audit records its reuse (login/service.ts). The sign-in history (recentSignIns) shows a
 *   session with no tokens as ended, as it was.
 * - temporary passwords past their expiry (decision 0047, 0111): one used is deleted as it is used.
 * - the second steps of sign-ins past their five minutes (decision 0207), used or not, and the challenges of passkey
 *   ceremonies past theirs (0209; a used one is deleted as it is used).
 * The audit trail keeps the sign-ins and password changes; neither table is audited row by row.
 */
export function purgeExpiredCredentials(period: TaskPeriod): ScheduledTask {
  return {
    name: PURGE_EXPIRED_CREDENTIALS,
    period,
    async run(db, log) {
      const purged = await purgeExpired(db);
      if (purged.refreshTokens + purged.temporaryPasswords + purged.signInChallenges + purged.passkeyChallenges > 0) {
        log.info({ purged }, 'purged expired sessions, temporary passwords and sign-in challenges');
      }
    },
  };
}

export async function purgeExpired(db: Kysely<Database>) {
  const tokens = await db
    .deleteFrom('refresh_tokens')
    .where('absolute_expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  const passwords = await db
    .deleteFrom('temporary_passwords')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  const challenges = await db
    .deleteFrom('sign_in_challenges')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  const passkeyChallenges = await db
    .deleteFrom('passkey_challenges')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return {
    refreshTokens: Number(tokens.numDeletedRows),
    temporaryPasswords: Number(passwords.numDeletedRows),
    signInChallenges: Number(challenges.numDeletedRows),
    passkeyChallenges: Number(passkeyChallenges.numDeletedRows),
  };
}
