import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PURGE_EXPIRED_CREDENTIALS } from '../../src/jobs/purge-expired-credentials.js';
import { bearer, changesHeard, form, signIn, signOut, useDemoApp } from '../support/test-app.js';

/*
 * The scheduler's first task (decision 0203) deletes what can no longer sign anyone in: sessions past their 12 hours
 * and expired temporary passwords. Live sessions, sessions ended early (signed out) and unexpired temporary
 * passwords stay.
 */
const context = useDemoApp();

const refresh = (refreshToken: string) =>
  context.app.inject({ method: 'POST', url: '/api/login/refresh', ...form({ refreshToken }) });

async function userId(userName: string) {
  const user = await context.database.db
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow();
  return user.id;
}

/** The session's refresh tokens, main and dash, by the session id in its access token's claims. */
async function tokensOf(accessToken: string) {
  const sessionId = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).sid as string;
  return context.database.db.selectFrom('refresh_tokens').selectAll().where('family_id', '=', sessionId).execute();
}

/** Moves a session back in time so that its 12 hours ended a minute ago. */
async function endTwelveHours(accessToken: string) {
  const [first] = await tokensOf(accessToken);
  if (!first) throw new Error('the session has no tokens');
  await sql`UPDATE refresh_tokens SET created_at = now() - interval '12 hours 1 minute',
      idle_expires_at = now() - interval '1 minute', absolute_expires_at = now() - interval '1 minute'
    WHERE family_id = ${first.family_id}`.execute(context.database.db);
  await sql`UPDATE sign_in_sessions SET started_at = now() - interval '12 hours 1 minute',
      last_active_at = now() - interval '31 minutes' WHERE family_id = ${first.family_id}`.execute(context.database.db);
}

/** Whether sign_in_sessions still describes the session (migration 0029, decision 0211). */
async function describedSession(accessToken: string) {
  const sessionId = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).sid as string;
  const rows = await context.database.db
    .selectFrom('sign_in_sessions')
    .select('family_id')
    .where('family_id', '=', sessionId)
    .execute();
  return rows.length === 1;
}

async function purge() {
  await context.app.scheduler.register();
  // Due at once the first time; later, due again as an hour passing would make it.
  await sql`UPDATE scheduled_tasks SET next_run_at = now() WHERE name = ${PURGE_EXPIRED_CREDENTIALS}`.execute(
    context.database.db,
  );
  // The other tasks (spend alerts, the usage_daily purge) are due at once too on their first registration.
  expect(await context.app.scheduler.runDue()).toContain(PURGE_EXPIRED_CREDENTIALS);
}

describe('the purge of expired sessions and temporary passwords', () => {
  it('deletes the sessions past their 12 hours and keeps the live and signed-out ones', async () => {
    const expired = await signIn(context.app, 'acme.admin');
    const live = await signIn(context.app, 'acme.admin');
    const signedOut = await signIn(context.app, 'acme.mobile');
    expect((await signOut(context.app, signedOut.refreshToken)).statusCode).toBe(200);
    await endTwelveHours(expired.accessToken);
    await changesHeard(context.app);
    expect(await tokensOf(expired.accessToken)).toHaveLength(2);

    await purge();

    expect(await tokensOf(expired.accessToken)).toEqual([]);
    expect(await tokensOf(live.accessToken)).toHaveLength(2);
    expect(await tokensOf(signedOut.accessToken)).toHaveLength(2);
    // What the sessions list knew of the expired session goes with its tokens; the others' stays.
    expect(
      await Promise.all([expired, live, signedOut].map((session) => describedSession(session.accessToken))),
    ).toEqual([false, true, true]);
    await changesHeard(context.app);
    // The live session goes on; the expired one stays refused, as before the purge.
    const refreshed = await refresh(live.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const calls = await Promise.all(
      [live, expired].map((session) =>
        context.app.inject({
          method: 'GET',
          url: '/api/profiles/myFunctionality',
          headers: bearer(session.accessToken),
        }),
      ),
    );
    expect(calls.map((call) => call.statusCode)).toEqual([200, 401]);
    expect((await refresh(expired.refreshToken)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('deletes expired temporary passwords and keeps one still within its time', async () => {
    const [expiredUser, liveUser] = await Promise.all([userId('acme.sitemanager'), userId('acme.teamlead')]);
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
    await context.database.db
      .insertInto('temporary_passwords')
      .values([
        {
          user_id: expiredUser,
          password_hash: hash,
          created_at: sql<Date>`now() - interval '2 hours'`,
          expires_at: sql<Date>`now() - interval '1 hour'`,
        },
        { user_id: liveUser, password_hash: hash, expires_at: sql<Date>`now() + interval '1 hour'` },
      ])
      .execute();

    await purge();

    const left = await context.database.db
      .selectFrom('temporary_passwords')
      .select('user_id')
      .where('user_id', 'in', [expiredUser, liveUser])
      .execute();
    expect(left).toEqual([{ user_id: liveUser }]);
  });
});
