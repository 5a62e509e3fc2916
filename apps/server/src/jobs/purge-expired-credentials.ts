import { type Kysely, sql } from 'kysely';
import { REFRESH_ABSOLUTE_MS } from '../auth/refresh-tokens.js';
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
 * - what sign_in_sessions says of a session (migration 0029) once its 12 hours are over and its tokens are gone:
 *   the sessions list shows only live ones (decision 0211), and the audit keeps the sign-in.
 * The audit trail keeps the sign-ins and password changes; neither table is audited row by row.
 */
export function purgeExpiredCredentials(period: TaskPeriod): ScheduledTask {
  return {
    name: PURGE_EXPIRED_CREDENTIALS,
    period,
    async run(db, log) {
      const purged = await purgeExpired(db);
      if (Object.values(purged).some((count) => count > 0)) {
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
  // After the tokens: a session's row goes with its last token, and never before its 12 hours could be over.
  const sessions = await db
    .deleteFrom('sign_in_sessions')
    .where('started_at', '<=', sql<Date>`now() - make_interval(secs => ${REFRESH_ABSOLUTE_MS / 1000})`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .whereRef('refresh_tokens.family_id', '=', 'sign_in_sessions.family_id'),
        ),
      ),
    )
    .executeTakeFirst();
  return {
    refreshTokens: Number(tokens.numDeletedRows),
    signInSessions: Number(sessions.numDeletedRows),
    temporaryPasswords: Number(passwords.numDeletedRows),
    signInChallenges: Number(challenges.numDeletedRows),
    passkeyChallenges: Number(passkeyChallenges.numDeletedRows),
  };
}
