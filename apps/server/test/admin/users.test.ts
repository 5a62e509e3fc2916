import { describe, expect, it } from 'vitest';
import { useSmtpInbox } from '../support/smtp-inbox.js';
import { bearer, EMAIL_SENDER_ON, form, signIn, useDemoApp } from '../support/test-app.js';
import {
  caller,
  type ErrorBody,
  functionalityIds,
  lastAudit,
  makeUser,
  profileIdOf,
  siteWithDevice,
  userIdOf,
} from './admin-support.js';

const inbox = useSmtpInbox();
const context = useDemoApp(() => ({ SMTP_URL: inbox.url, ...EMAIL_SENDER_ON }));
const db = () => context.database.db;
const call = caller(() => context.app);
const refusal = (body: string) => JSON.parse(body) as ErrorBody;
const post = (url: string, fields: Record<string, string>) =>
  context.app.inject({ method: 'POST', url, ...form(fields) });
const userCount = async () => (await db().selectFrom('users').select('id').execute()).length;

/** A Site Manager of the given site, as the user form would save it (the profile's default functionality). */
async function siteManager(userName: string, siteId: number, extra: Record<string, unknown> = {}) {
  const profileId = await profileIdOf(db(), 'Site Manager');
  const defaults = await db()
    .selectFrom('profile_functionality')
    .select('functionality_id')
    .where('profile_id', '=', profileId)
    .execute();
  return {
    userName,
    emailAddress: `${userName}@example.co.uk`,
    profileId,
    functionalityIds: defaults.map((row) => row.functionality_id),
    sites: [{ id: siteId }],
    ...extra,
  };
}

describe('POST /api/users: a new user', () => {
  it('is e-mailed a temporary password (never answered to the administrator), sets their own, and sees only their site', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const response = await call('acme.admin', 'POST', '/api/users', await siteManager('leeds.manager', siteId));
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ userName: 'leeds.manager', sites: [expect.objectContaining({ id: siteId })] });
    expect((await lastAudit(db(), 'users', 'INSERT')).actor_user_id).toBe(await userIdOf(db(), 'acme.admin'));

    const [mail] = await inbox.mailsTo('leeds.manager@example.co.uk');
    expect(mail?.headers.subject).toBe('Your new account on the Northwind Communications business portal');
    expect(mail?.text).toContain('It works once, for 72 hours.');
    const temporary = /temporary password is:\s+(\S+)/i.exec(mail?.text ?? '')?.[1] ?? '';
    expect(temporary).not.toBe('');
    expect(response.body).not.toContain(temporary);
    expect(inbox.to('acme.admin@example.co.uk')).toEqual([]);

    const login = (password: string) =>
      post('/api/login', { username: 'leeds.manager', password, cookiePolicyAccepted: 'true' });
    // It links to the portal's sign-in page (PUBLIC_URL, here the default), and the first sign-in is told apart
    // from an expired password (decision 0139).
    expect(mail?.text).toContain('Log in at http://localhost:3000/login with your username');
    expect(mail?.html).toContain('<a href="http://localhost:3000/login">');
    expect((await login(temporary)).json()).toMatchObject({ error: 'requires_password_reset', first_sign_in: true });
    const changed = await post('/api/login/changePassword', {
      userName: 'leeds.manager',
      currentPassword: temporary,
      newPassword: 'Copper-Lantern-5829',
    });
    expect(changed.statusCode).toBe(200);
    // Single use: the temporary password is now just a wrong one.
    expect((await login(temporary)).json()).toMatchObject({ error: 'invalid_grant' });
    // Once chosen, a password that must be changed again (expired, or reset) is no first sign-in.
    await db().updateTable('user_credentials').set({ reset_required: true }).where('user_id', '=', user.id).execute();
    const again = (await login('Copper-Lantern-5829')).json();
    expect(again).toMatchObject({ error: 'requires_password_reset' });
    expect(again).not.toHaveProperty('first_sign_in');
    await db().updateTable('user_credentials').set({ reset_required: false }).where('user_id', '=', user.id).execute();

    const session = await signIn(context.app, 'leeds.manager', 'Copper-Lantern-5829');
    const sites = await context.app.inject({ method: 'GET', url: '/api/sites', headers: bearer(session.accessToken) });
    expect(sites.json().value.map((site: { id: number }) => site.id)).toEqual([siteId]);
  });

  it.each([
    ['userName', { userName: 'x'.repeat(51) }, undefined],
    ['userName', { userName: '' }, undefined],
    [
      'emailAddress',
      { emailAddress: 'someone@example' },
      'The email address must contain a @ and be followed by at least one .',
    ],
    ['emailAddress', { emailAddress: 'someone@example.abcdefghi' }, undefined],
    ['emailAddress', { emailAddress: `${'x'.repeat(90)}@example.co.uk` }, undefined],
    ['emailAddress', { emailAddress: '' }, undefined],
  ])('refuses a bad %s with a 400 naming it, and adds no one', async (field, change, message) => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const before = await userCount();
    const response = await call('acme.admin', 'POST', '/api/users', {
      ...(await siteManager('valid.name', siteId)),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    const detail = refusal(response.body).details?.find((d) => d.field === field);
    expect(detail).toBeDefined();
    if (message) expect(detail?.message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('accepts a top-level domain of 8 letters', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const body = { ...(await siteManager('long.tld', siteId)), emailAddress: 'long.tld@example.abcdefgh' };
    expect((await call('acme.admin', 'POST', '/api/users', body)).statusCode).toBe(201);
  });

  it('refuses a username taken in another case, and the check says so', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const response = await call('acme.admin', 'POST', '/api/users', await siteManager('ACME.Finance', siteId));
    expect(response.statusCode).toBe(400);
    expect(refusal(response.body).details).toEqual([
      { field: 'userName', rule: 'unique', message: 'This username is already taken' },
    ]);
    const check = (body: Record<string, unknown>) => call('acme.admin', 'POST', '/api/users/isUserNameUnique', body);
    expect((await check({ userName: 'Acme.FINANCE' })).json()).toBe(false);
    expect((await check({ userName: 'nobody.has.this' })).json()).toBe(true);
    // One's own name is not taken by oneself.
    const financeId = await userIdOf(db(), 'acme.finance');
    expect((await check({ id: financeId, userName: 'acme.finance' })).json()).toBe(true);
  });

  it('needs an item of the profile level, with the spec’s message', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const response = await call(
      'acme.admin',
      'POST',
      '/api/users',
      await siteManager('no.sites', siteId, { sites: [] }),
    );
    expect(response.statusCode).toBe(400);
    expect(refusal(response.body).details).toEqual([
      { field: 'sites', rule: 'required', message: 'A Site Manager must be assigned to at least one site.' },
    ]);
    const teams = await call(
      'acme.admin',
      'POST',
      '/api/users',
      await siteManager('with.teams', siteId, { teams: [{ id: 1 }] }),
    );
    expect(refusal(teams.body).details?.[0]).toMatchObject({ field: 'teams', rule: 'not_for_level' });
  });
});

describe('no privilege escalation', () => {
  it('refuses granting a functionality the administrator does not hold', async () => {
    const { siteId, companyId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    await makeUser(
      db(),
      'limited.admin',
      'Company Administrator',
      [
        ['ManageUser', 'Read'],
        ['ManageUser', 'Write'],
        ['MobileSiteEstate', 'Read'],
      ],
      { companyId },
    );
    const [held] = await functionalityIds(db(), [['MobileSiteEstate', 'Read']]);
    const [lacked] = await functionalityIds(db(), [['DownloadBill', 'Read']]);
    const granting = await siteManager('escalated.one', siteId, { functionalityIds: [held, lacked] });
    const response = await call('limited.admin', 'POST', '/api/users', granting);
    expect(response.statusCode).toBe(400);
    expect(refusal(response.body).details?.[0]).toMatchObject({ field: 'functionalityIds', rule: 'held_by_you' });
    const fine = await call('limited.admin', 'POST', '/api/users', { ...granting, functionalityIds: [held] });
    expect(fine.statusCode).toBe(201);
  });

  it('takes a Write-only code without a Read (a Company Administrator’s whole default), and still refuses Write without an existing Read', async () => {
    const company = await db()
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Acme Logistics Ltd')
      .executeTakeFirstOrThrow();
    const profileId = await profileIdOf(db(), 'Company Administrator');
    const everything = await db()
      .selectFrom('profile_functionality')
      .select('functionality_id')
      .where('profile_id', '=', profileId)
      .execute();
    const writeOnly = await functionalityIds(db(), [
      ['EndPointSimSwap', 'Write'],
      ['EndPointLiftSpendLimit', 'Write'],
      ['BroadbandReportFault', 'Write'],
    ]);
    const ids = everything.map((row) => row.functionality_id);
    expect(ids).toEqual(expect.arrayContaining(writeOnly));
    const admin = {
      userName: 'second.admin',
      emailAddress: 'second.admin@example.co.uk',
      profileId,
      functionalityIds: ids,
      companies: [{ id: company.id }],
    };
    expect((await call('acme.admin', 'POST', '/api/users', admin)).statusCode).toBe(201);
    const [writeUsers] = await functionalityIds(db(), [['ManageUser', 'Write']]);
    const lonely = await call('acme.admin', 'POST', '/api/users', {
      ...admin,
      userName: 'third.admin',
      functionalityIds: [writeUsers],
    });
    expect(lonely.statusCode).toBe(400);
    expect(refusal(lonely.body).details?.[0]).toMatchObject({ field: 'functionalityIds', rule: 'needs_read' });
  });

  it('refuses assigning another company’s site', async () => {
    const globex = await siteWithDevice(db(), 'Globex Engineering Ltd');
    const response = await call('acme.admin', 'POST', '/api/users', await siteManager('globex.spy', globex.siteId));
    expect(response.statusCode).toBe(400);
    expect(refusal(response.body).details?.[0]).toMatchObject({ field: 'sites', rule: 'in_estate' });
  });

  it('refuses editing or deleting one’s own record', async () => {
    const own = (await call('acme.admin', 'GET', `/api/users/${await userIdOf(db(), 'acme.admin')}`)).json();
    expect(own.userName).toBe('acme.admin');
    const edit = await call('acme.admin', 'PUT', `/api/users/${own.id}`, { ...own, emailAddress: 'me@example.co.uk' });
    expect(edit.statusCode).toBe(400);
    expect(refusal(edit.body).details?.[0]).toMatchObject({ field: 'id', rule: 'own_record' });
    expect((await call('acme.admin', 'DELETE', `/api/users/${own.id}`)).statusCode).toBe(400);
    expect(await db().selectFrom('users').select('email_address').where('id', '=', own.id).executeTakeFirst()).toEqual({
      email_address: own.emailAddress,
    });
  });

  it('refuses a profile above the administrator’s own level', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    await makeUser(
      db(),
      'site.admin',
      'Site Manager',
      [
        ['ManageUser', 'Read'],
        ['ManageUser', 'Write'],
      ],
      { siteId },
    );
    const company = await db()
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Acme Logistics Ltd')
      .executeTakeFirstOrThrow();
    const response = await call('site.admin', 'POST', '/api/users', {
      userName: 'raised.one',
      emailAddress: 'raised.one@example.co.uk',
      profileId: await profileIdOf(db(), 'Company Administrator'),
      functionalityIds: [],
      companies: [{ id: company.id }],
    });
    expect(response.statusCode).toBe(400);
    expect(refusal(response.body).details?.[0]).toMatchObject({ field: 'profileId', rule: 'not_above_own_level' });
    const same = await call(
      'site.admin',
      'POST',
      '/api/users',
      await siteManager('level.peer', siteId, { functionalityIds: [] }),
    );
    expect(same.statusCode).toBe(201);
  });
});

describe('another company’s users', () => {
  it('answer 404 to get, save and delete, and nothing changes', async () => {
    const globexAdmin = await userIdOf(db(), 'globex.admin');
    expect((await call('acme.admin', 'GET', `/api/users/${globexAdmin}`)).statusCode).toBe(404);
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    expect(
      (await call('acme.admin', 'PUT', `/api/users/${globexAdmin}`, await siteManager('globex.admin', siteId)))
        .statusCode,
    ).toBe(404);
    expect((await call('acme.admin', 'DELETE', `/api/users/${globexAdmin}`)).statusCode).toBe(404);
    expect(
      (await db().selectFrom('users').select('profile_id').where('id', '=', globexAdmin).executeTakeFirst())
        ?.profile_id,
    ).toBe(await profileIdOf(db(), 'Company Administrator'));
    const list = (await call('acme.admin', 'GET', '/api/users?$select=userName&$top=100')).json();
    expect(list.value.map((u: { userName: string }) => u.userName)).not.toContain('globex.admin');
    expect(list.value.map((u: { userName: string }) => u.userName)).toContain('acme.finance');
  });
});

describe('PUT and DELETE /api/users/:id', () => {
  it('changes a user, and GET answers them with their assignments', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const created = (await call('acme.admin', 'POST', '/api/users', await siteManager('to.change', siteId))).json();
    const changed = await call('acme.admin', 'PUT', `/api/users/${created.id}`, {
      ...created,
      emailAddress: 'changed@example.co.uk',
    });
    expect(changed.statusCode).toBe(200);
    const read = await call(
      'acme.admin',
      'GET',
      `/api/users/${created.id}?$expand=Companies,Sites,Teams,MobileEndPoints,BroadbandEndPoints`,
    );
    expect(read.json()).toEqual({ ...created, emailAddress: 'changed@example.co.uk' });
    expect((await lastAudit(db(), 'users', 'UPDATE')).after).toMatchObject({ email_address: 'changed@example.co.uk' });
  });

  it('deletes a user and ends their sessions at once: access token and refresh token stop working', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    await makeUser(db(), 'leaving.user', 'Site Manager', [['MobileSiteEstate', 'Read']], { siteId });
    const session = await signIn(context.app, 'leaving.user');
    const sites = () => context.app.inject({ method: 'GET', url: '/api/sites', headers: bearer(session.accessToken) });
    expect((await sites()).statusCode).toBe(200);

    const response = await call('acme.admin', 'DELETE', `/api/users/${await userIdOf(db(), 'leaving.user')}`);
    expect(response.statusCode).toBe(204);
    expect((await sites()).statusCode).toBe(401);
    expect((await post('/api/login/refresh', { refreshToken: session.refreshToken })).statusCode).not.toBe(200);
    expect((await lastAudit(db(), 'users', 'DELETE')).actor_user_id).toBe(await userIdOf(db(), 'acme.admin'));
  });

  it('is refused (403) to a site manager, who lacks ManageUser', async () => {
    const financeId = await userIdOf(db(), 'acme.finance');
    expect((await call('acme.sitemanager', 'GET', `/api/users/${financeId}`)).statusCode).toBe(403);
    expect((await call('acme.sitemanager', 'DELETE', `/api/users/${financeId}`)).statusCode).toBe(403);
  });
});
