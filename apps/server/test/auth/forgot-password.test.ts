import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSmtpInbox } from '../support/smtp-inbox.js';
import { bearer, DEMO_PASSWORD, EMAIL_SENDER_ON, form, signIn, useDemoApp } from '../support/test-app.js';

// docs/decisions/0047-forgot-password-locks-no-one-out.md. Anyone who knows a username and its e-mail address can
// ask for a temporary password, so asking must change nothing the account's owner relies on: the current password
// and sessions keep working until the e-mailed temporary password is used, once, within the hour.
const inbox = useSmtpInbox();
const context = useDemoApp(() => ({ SMTP_URL: inbox.url, ...EMAIL_SENDER_ON }));

const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const body = form(fields);
  return context.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
};
const login = (username: string, password: string) =>
  post('/api/login', { username, password, cookiePolicyAccepted: 'true' });
const forgot = (username: string, emailAddress: string) =>
  post('/api/login/forgotPassword', { username, emailAddress });
const changePassword = (userName: string, currentPassword: string, newPassword: string) =>
  post('/api/login/changePassword', { userName, currentPassword, newPassword });
const me = (token: string) =>
  context.app.inject({ method: 'GET', url: '/api/profiles/myFunctionality', headers: bearer(token) });

/** The temporary password of the `nth` (1-based) forgot-password e-mail to the address. */
async function temporaryPasswordFrom(address: string, nth = 1): Promise<string> {
  const mail = (await inbox.mailsTo(address, nth))[nth - 1];
  const temporary = /temporary password is:\s+(\S+)/i.exec(mail?.text ?? '')?.[1];
  if (!temporary) throw new Error(`no temporary password in the e-mail to ${address}`);
  return temporary;
}

/** Waits until the requests' work after the answer has recorded its event. */
async function handled(...requestIds: unknown[]) {
  for (const requestId of requestIds) {
    const recorded = () =>
      context.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('request_id', '=', String(requestId))
        .executeTakeFirst();
    await expect.poll(recorded, { timeout: 10_000, message: `request ${String(requestId)} handled` }).toBeDefined();
  }
}

async function temporaryPasswordRowsOf(userName: string) {
  return context.database.db
    .selectFrom('temporary_passwords')
    .innerJoin('users', 'users.id', 'temporary_passwords.user_id')
    .select([
      'temporary_passwords.password_hash',
      sql<number>`extract(epoch from temporary_passwords.expires_at - temporary_passwords.created_at)::int`.as(
        'lifetime_seconds',
      ),
    ])
    .where('users.user_name', '=', userName)
    .execute();
}

describe('POST /api/login/forgotPassword', () => {
  it('answers the same for details that match no account, and sends and stores nothing', async () => {
    const unknown = await forgot('acme.admin', 'someone.else@example.co.uk');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({});
    const nobody = await forgot('no.such.user', 'someone.else@example.co.uk');
    expect(nobody.json()).toEqual({});
    // Both are handled after the answer; each leaves only its event, and no e-mail is queued (docs/decisions/0197).
    await handled(unknown.headers['x-request-id'], nobody.headers['x-request-id']);
    const queued = await context.database.db
      .selectFrom('email_outbox')
      .select('id')
      .where(sql<boolean>`'someone.else@example.co.uk' = ANY(recipients)`)
      .execute();
    expect(queued).toEqual([]);
    expect(inbox.to('someone.else@example.co.uk')).toEqual([]);
    expect(await temporaryPasswordRowsOf('acme.admin')).toEqual([]);
    expect((await login('acme.admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the current password and sessions working until the temporary password is used', async () => {
    const session = await signIn(context.app, 'acme.mobile');
    const answer = await forgot('acme.mobile', 'Mobile.User@acmelogistics.co.uk');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({});
    const temporary = await temporaryPasswordFrom('mobile.user@acmelogistics.co.uk');

    expect((await login('acme.mobile', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(200);

    // The web app shows the expired-password screen, which changes the password with the temporary one as current.
    expect((await login('acme.mobile', temporary)).json()).toMatchObject({ error: 'requires_password_reset' });
    expect((await me(session.accessToken)).statusCode).toBe(200);
    expect((await changePassword('acme.mobile', temporary, 'Meadow-Signal-3317')).statusCode).toBe(200);

    expect((await me(session.accessToken)).statusCode).toBe(401);
    expect((await login('acme.mobile', DEMO_PASSWORD)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await login('acme.mobile', 'Meadow-Signal-3317')).statusCode).toBe(200);
    // Used once, it is just a wrong password.
    expect((await login('acme.mobile', temporary)).json()).toMatchObject({ error: 'invalid_grant' });
    const again = await changePassword('acme.mobile', temporary, 'Another-Fresh-Start-42');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_current_password' });
    expect(await temporaryPasswordRowsOf('acme.mobile')).toEqual([]);
  });

  it('stores the temporary password hashed, for an hour, and only the latest one works', async () => {
    await forgot('acme.teamlead', 'team.lead@acmelogistics.co.uk');
    const first = await temporaryPasswordFrom('team.lead@acmelogistics.co.uk', 1);
    await forgot('acme.teamlead', 'team.lead@acmelogistics.co.uk');
    const second = await temporaryPasswordFrom('team.lead@acmelogistics.co.uk', 2);
    expect(second).not.toBe(first);

    const rows = await temporaryPasswordRowsOf('acme.teamlead');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(second);
    expect(rows[0]?.lifetime_seconds).toBe(3600);

    expect((await login('acme.teamlead', first)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await changePassword('acme.teamlead', first, 'Willow-Harbour-7781')).statusCode).toBe(400);
    expect((await login('acme.teamlead', second)).json()).toMatchObject({ error: 'requires_password_reset' });

    // An hour later it has expired.
    await context.database.db
      .updateTable('temporary_passwords')
      .set({
        created_at: sql<Date>`created_at - interval '1 hour'`,
        expires_at: sql<Date>`expires_at - interval '1 hour'`,
      })
      .execute();
    expect((await login('acme.teamlead', second)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await changePassword('acme.teamlead', second, 'Willow-Harbour-7781')).statusCode).toBe(400);
    expect((await login('acme.teamlead', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('is void once the password is changed with the current one', async () => {
    await forgot('globex.admin', 'it@globexengineering.co.uk');
    const temporary = await temporaryPasswordFrom('it@globexengineering.co.uk');
    expect((await changePassword('globex.admin', DEMO_PASSWORD, 'Granite-Orchard-5190')).statusCode).toBe(200);
    expect((await login('globex.admin', temporary)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await login('globex.admin', 'Granite-Orchard-5190')).statusCode).toBe(200);
  });
});
