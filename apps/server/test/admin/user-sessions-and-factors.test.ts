import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, form, signIn, useDemoApp } from '../support/test-app.js';
import { caller, makeUser, siteWithDevice, userIdOf } from './admin-support.js';

// An administrator's two actions on another user's sign-in (decision 0212): ending every session of the user, and
// resetting the second factors of one who lost them.

const context = useDemoApp();
const db = () => context.database.db;
const call = caller(() => context.app);
const passwordStep = (username: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/login',
    ...form({ username, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' }),
  });

/** A Site Manager of an Acme site, signed in: their session's tokens, and a call that needs the access token. */
async function signedInSiteManager(userName: string) {
  const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
  await makeUser(db(), userName, 'Site Manager', [['MobileSiteEstate', 'Read']], { siteId });
  const session = await signIn(context.app, userName);
  const sites = () => context.app.inject({ method: 'GET', url: '/api/sites', headers: bearer(session.accessToken) });
  const refresh = () =>
    context.app.inject({ method: 'POST', url: '/api/login/refresh', ...form({ refreshToken: session.refreshToken }) });
  return { id: await userIdOf(db(), userName), session, sites, refresh };
}

/** Sets an authenticator app up through the user's own calls, as My Account does. */
async function enrolAuthenticator(accessToken: string) {
  const started = await context.app.inject({
    method: 'POST',
    url: '/api/twoStep/authenticator',
    headers: bearer(accessToken),
    payload: {},
  });
  const { secret } = started.json<{ secret: string }>();
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const confirmed = await context.app.inject({
    method: 'POST',
    url: '/api/twoStep/authenticator/confirm',
    headers: bearer(accessToken),
    payload: { code },
  });
  expect(confirmed.statusCode).toBe(200);
}

const eventsOf = (action: string, userId: number) =>
  db()
    .selectFrom('audit_log')
    .select(['actor_user_id', 'row_key'])
    .where('action', '=', action)
    .where('row_key', '=', JSON.stringify({ id: userId }))
    .execute();

describe('POST /api/users/:id/signOut', () => {
  it('ends every session of the user at once: their access and refresh tokens stop working, and it is audited', async () => {
    const user = await signedInSiteManager('signed.out.user');
    const second = await signIn(context.app, 'signed.out.user');
    expect((await user.sites()).statusCode).toBe(200);

    const response = await call('acme.admin', 'POST', `/api/users/${user.id}/signOut`);
    expect(response.statusCode).toBe(204);
    expect((await user.sites()).statusCode).toBe(401);
    expect((await user.refresh()).statusCode).toBe(400);
    const other = await context.app.inject({
      method: 'GET',
      url: '/api/sites',
      headers: bearer(second.accessToken),
    });
    expect(other.statusCode).toBe(401);
    expect(await eventsOf('user.signed_out', user.id)).toEqual([
      expect.objectContaining({ actor_user_id: await userIdOf(db(), 'acme.admin') }),
    ]);
    // Signing in again works: nothing about the account changed.
    expect((await passwordStep('signed.out.user')).statusCode).toBe(200);
  });

  it("answers 404 for another company's user and 400 for the caller's own, ending nothing", async () => {
    const globexAdmin = await signIn(context.app, 'globex.admin');
    const globexId = await userIdOf(db(), 'globex.admin');
    expect((await call('acme.admin', 'POST', `/api/users/${globexId}/signOut`)).statusCode).toBe(404);
    const globexCall = await context.app.inject({
      method: 'GET',
      url: '/api/sites',
      headers: bearer(globexAdmin.accessToken),
    });
    expect(globexCall.statusCode).toBe(200);

    const own = await call('acme.admin', 'POST', `/api/users/${await userIdOf(db(), 'acme.admin')}/signOut`);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ details: [expect.objectContaining({ field: 'id', rule: 'own_record' })] });
    expect((await call('acme.admin', 'GET', '/api/sites')).statusCode).toBe(200);
  });
});

describe('POST /api/users/:id/resetTwoStep', () => {
  it('removes the authenticator app and recovery codes and ends the sessions; the password alone signs in again', async () => {
    const user = await signedInSiteManager('lost.phone.user');
    await enrolAuthenticator(user.session.accessToken);
    const before = await passwordStep('lost.phone.user');
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ error: 'second_step_required' });

    const response = await call('acme.admin', 'POST', `/api/users/${user.id}/resetTwoStep`);
    expect(response.statusCode).toBe(204);
    expect((await user.sites()).statusCode).toBe(401);
    const left = await db()
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .union(db().selectFrom('user_authenticators').select('user_id as id').where('user_id', '=', user.id))
      .execute();
    expect(left).toEqual([]);
    expect((await passwordStep('lost.phone.user')).statusCode).toBe(200);
    expect(await eventsOf('user.two_step_reset', user.id)).toHaveLength(1);
  });

  it('is refused to a site manager (403) and answers 404 for a user outside the estate, changing nothing', async () => {
    const financeId = await userIdOf(db(), 'acme.finance');
    expect((await call('acme.sitemanager', 'POST', `/api/users/${financeId}/resetTwoStep`)).statusCode).toBe(403);
    const globexId = await userIdOf(db(), 'globex.admin');
    expect((await call('acme.admin', 'POST', `/api/users/${globexId}/resetTwoStep`)).statusCode).toBe(404);
    expect(await eventsOf('user.two_step_reset', globexId)).toEqual([]);
  });
});
