import { OPERATION_LIST, READ_ONLY_VIEW_HEADER, VIEW_AS_COPY, VIEW_AS_ERROR_CODES } from '@portal/contract';
import type { InjectOptions } from 'fastify';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { changesOf, committedBetween, transactionMark } from '../support/committed-writes.js';
import { bearer, changesHeard, form, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';

// View as customer (docs/decisions/0220): partner staff view the portal as one of their partner's customer users,
// read-only and limited in time, every request audited under both identities, through the API.

const context = useDemoApp({ LOG_LEVEL: 'error' });
const db = () => context.database.db;
const inject = (options: InjectOptions) => context.app.inject(options);

type StartReply = {
  token: { access_token: string; refresh_token?: string };
  expiresIn: number;
  roles: string[];
  view: { userId: number; userName: string; companies: { id: number; name: string }[]; reason: string; endsAt: string };
};
type EndReply = {
  returnedTo: 'staff' | 'sign-in';
  session: { token: { access_token: string; refresh_token?: string }; roles: string[] } | null;
};

/** GETs whose answer marks the session asking (the view's is another than the user's own). */
// Answers that differ by who asks or when: sign-ins and sessions mark the asking session, and the audit trail holds
// the view's own requests, recorded as they are answered.
const CALLER_SESSION_RELATIVE = new Set(['login.signIns', 'sessions.list', 'auditLog.list']);
const REASON = 'Customer reported the dashboard shows no spend';
let ids: Record<'acmeAdmin' | 'globexAdmin' | 'northwindStaff' | 'brightwaveStaff' | 'brightwaveCustomer', number>;
let acmeCompanyIds: number[];

const userId = async (userName: string) =>
  (await db().selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  const brightwave = await db()
    .selectFrom('partners')
    .select('id')
    .where('name', '=', 'Brightwave Telecom')
    .executeTakeFirstOrThrow();
  ids = {
    acmeAdmin: await userId('acme.admin'),
    globexAdmin: await userId('globex.admin'),
    northwindStaff: await userId('northwind.staff'),
    brightwaveStaff: await userId('brightwave.staff'),
    brightwaveCustomer: (
      await db()
        .selectFrom('users')
        .select('id')
        .where('partner_id', '=', brightwave.id)
        .where(sql<boolean>`NOT 'partner-staff' = ANY(roles)`)
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id,
  };
  acmeCompanyIds = (
    await db()
      .selectFrom('user_companies')
      .select('company_id')
      .where('user_id', '=', ids.acmeAdmin)
      .orderBy('company_id')
      .execute()
  ).map((row) => row.company_id);
});

function startView(staff: SignedIn, userId: number, body: unknown, headers: Record<string, string> = {}) {
  return inject({
    method: 'POST',
    url: `/api/console/viewAs/users/${userId}`,
    headers: { ...bearer(staff.accessToken), ...headers },
    payload: body as Record<string, unknown>,
  });
}

async function startedView(staff: SignedIn, userId = ids.acmeAdmin, minutes = 30) {
  const response = await startView(staff, userId, { reason: REASON, minutes });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StartReply>();
}

describe('starting a view', () => {
  let staff: SignedIn;
  beforeAll(async () => {
    staff = await signIn(context.app, 'northwind.staff');
  });

  it("shows a customer user of the staff member's partner, with their companies", async () => {
    const response = await inject({
      method: 'GET',
      url: `/api/console/viewAs/users/${ids.acmeAdmin}`,
      headers: bearer(staff.accessToken),
    });
    expect(response.statusCode).toBe(200);
    const candidate = response.json<{ userName: string; companies: { id: number }[] }>();
    expect(candidate.userName).toBe('acme.admin');
    expect(candidate.companies.map((company) => company.id).sort((a, b) => a - b)).toEqual(acmeCompanyIds);
  });

  it('names the field and the rule of a bad reason or duration, and starts nothing', async () => {
    const before = await db()
      .selectFrom('view_as_sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const cases = [
      { body: { minutes: 30 }, field: 'reason' },
      { body: { reason: '   ', minutes: 30 }, field: 'reason' },
      { body: { reason: 'too short', minutes: 30 }, field: 'reason' },
      { body: { reason: 'x'.repeat(501), minutes: 30 }, field: 'reason' },
      { body: { reason: REASON, minutes: 4 }, field: 'minutes' },
      { body: { reason: REASON, minutes: 61 }, field: 'minutes' },
      { body: { reason: REASON, minutes: 7.5 }, field: 'minutes' },
    ];
    for (const { body, field } of cases) {
      const response = await startView(staff, ids.acmeAdmin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const details = response.json<{ details: { field: string; rule: string; message: string }[] }>().details;
      expect(details.map((detail) => detail.field)).toContain(field);
    }
    const short = await startView(staff, ids.acmeAdmin, { reason: 'too short' });
    expect(short.json<{ details: { message: string }[] }>().details[0]?.message).toBe(VIEW_AS_COPY.reasonTooShort);
    const after = await db()
      .selectFrom('view_as_sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("answers 404 for another partner's user and for staff, as for no user at all", async () => {
    for (const target of [ids.brightwaveCustomer, ids.brightwaveStaff, ids.northwindStaff, 999_999_999]) {
      const candidate = await inject({
        method: 'GET',
        url: `/api/console/viewAs/users/${target}`,
        headers: bearer(staff.accessToken),
      });
      expect(candidate.statusCode).toBe(404);
      const started = await startView(staff, target, { reason: REASON, minutes: 10 });
      expect(started.statusCode).toBe(404);
    }
    const brightwave = await signIn(context.app, 'brightwave.staff');
    expect((await startView(brightwave, ids.acmeAdmin, { reason: REASON })).statusCode).toBe(404);
  });

  it('is for partner staff only', async () => {
    const admin = await signIn(context.app, 'acme.admin');
    const response = await startView(admin, ids.globexAdmin, { reason: REASON, minutes: 10 });
    expect(response.statusCode).toBe(403);
  });

  it("answers the customer user's session, limited in time, naming the staff member in its token", async () => {
    const before = Date.now();
    const started = await startedView(staff, ids.acmeAdmin, 20);
    expect(started.roles).toEqual(['customer']);
    expect(started.token.refresh_token).toBeTypeOf('string');
    const claims = decodeJwt(started.token.access_token);
    expect(claims.sub).toBe(String(ids.acmeAdmin));
    expect(claims.act).toEqual({ sub: String(ids.northwindStaff), name: 'northwind.staff' });
    expect(started.view).toMatchObject({ userId: ids.acmeAdmin, userName: 'acme.admin', reason: REASON });
    const endsAt = Date.parse(started.view.endsAt);
    expect(endsAt).toBeGreaterThanOrEqual(before + 20 * 60_000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 20 * 60_000);
    // The session's absolute end is the time limit: it cannot be refreshed past it.
    const tokens = await db()
      .selectFrom('refresh_tokens')
      .select(['absolute_expires_at', 'user_id'])
      .where('family_id', '=', String(claims.sid))
      .execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.user_id).toBe(ids.acmeAdmin);
    expect(tokens[0]?.absolute_expires_at.getTime()).toBe(endsAt);
    const event = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'impersonation.started')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.actor_user_id).toBe(ids.northwindStaff);
    expect(event.on_behalf_of_user_id).toBe(ids.acmeAdmin);
    expect([...(event.company_ids ?? [])].sort((a, b) => a - b)).toEqual(acmeCompanyIds);
    expect(event.after).toMatchObject({ reason: REASON, minutes: 20, endsAt: started.view.endsAt });
  });

  it("sets the browser's session cookie to the view's, leaving the refresh token out of the JSON", async () => {
    const response = await startView(staff, ids.acmeAdmin, { reason: REASON }, { 'x-portal-session': 'cookie' });
    expect(response.statusCode).toBe(200);
    const body = response.json<StartReply>();
    expect(body.token.refresh_token).toBeUndefined();
    // The duration defaults to half an hour.
    expect(Date.parse(body.view.endsAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    const cookies = response.cookies.map((cookie) => cookie.name);
    expect(cookies).toContain('portal_refresh');
  });
});

describe('in a view', () => {
  let staff: SignedIn;
  let own: SignedIn;
  let view: StartReply;
  let viewDash: string;
  beforeAll(async () => {
    staff = await signIn(context.app, 'northwind.staff');
    own = await signIn(context.app, 'acme.admin');
    view = await startedView(staff);
    const dash = await inject({ method: 'POST', url: '/api/login/dash', headers: bearer(view.token.access_token) });
    expect(dash.statusCode).toBe(200);
    viewDash = dash.json<{ data: { token: { access_token: string } } }>().data.token.access_token;
  });

  const viewHeaders = () => ({ ...bearer(view.token.access_token), 'dash-authorization': `Bearer ${viewDash}` });

  it('tells the banner whose view it is', async () => {
    const response = await inject({ method: 'GET', url: '/api/viewAs', headers: viewHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      view: {
        userName: 'acme.admin',
        staffUserName: 'northwind.staff',
        partnerName: 'Northwind Communications',
        reason: REASON,
      },
    });
    const plain = await inject({ method: 'GET', url: '/api/viewAs', headers: bearer(own.accessToken) });
    expect(plain.json()).toEqual({ view: null });
  });

  it("answers every GET without path parameters as the user's own session does", async () => {
    const gets = OPERATION_LIST.filter(
      ({ operation }) => operation.method === 'GET' && operation.access !== 'public' && !operation.path.includes(':'),
    );
    expect(gets.length).toBeGreaterThan(20);
    const ownDash = own.dashToken;
    for (const { area, name, operation } of gets) {
      if (area === 'viewAs') continue;
      const asView = await inject({ method: 'GET', url: operation.path, headers: viewHeaders() });
      const asUser = await inject({
        method: 'GET',
        url: operation.path,
        headers: { ...bearer(own.accessToken), 'dash-authorization': `Bearer ${ownDash}` },
      });
      expect(asView.statusCode, `${area}.${name}`).toBe(asUser.statusCode);
      if (asUser.statusCode === 200 && !operation.download && !CALLER_SESSION_RELATIVE.has(`${area}.${name}`)) {
        expect(asView.json(), `${area}.${name}`).toEqual(asUser.json());
      }
    }
  });

  it('refuses every change the operation table declares, and commits none', async () => {
    const writes = OPERATION_LIST.filter(
      ({ operation, area, name }) =>
        operation.method !== 'GET' &&
        operation.access !== 'public' &&
        !(area === 'viewAs' && name === 'end') &&
        !(area === 'login' && name === 'dashLogin'),
    );
    expect(writes.length).toBeGreaterThan(40);
    const from = await transactionMark(db());
    const requestIds: string[] = [];
    for (const { area, name, operation } of writes) {
      const url = operation.path.replace(/:(\w+)/g, (_match, param: string) =>
        param === 'userId' ? String(ids.globexAdmin) : String(acmeCompanyIds[0]),
      );
      const response = await inject({ method: operation.method, url, headers: viewHeaders(), payload: {} });
      expect(response.statusCode, `${area}.${name}`).toBe(403);
      const error = response.json<{ code: string; message: string }>();
      expect(error.code, `${area}.${name}`).toBe(VIEW_AS_ERROR_CODES.readOnly);
      expect(error.message).toBe(VIEW_AS_COPY.readOnly);
      // The web app keeps the session for this 403 alone.
      expect(response.headers[READ_ONLY_VIEW_HEADER]).toBe('1');
      requestIds.push(String(response.headers['x-request-id']));
    }
    const to = await transactionMark(db());
    const committed = await committedBetween(db(), from, to);
    for (const requestId of requestIds) expect(changesOf(committed, requestId)).toEqual([]);
    // Not even another view: its session is a customer's.
    const again = await startView({ ...staff, accessToken: view.token.access_token }, ids.globexAdmin, {
      reason: REASON,
    });
    expect(again.statusCode).toBe(403);
  });

  it('records every request under both identities, in the trail of the user’s companies', async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/sites?$top=1&secret=shh',
      headers: viewHeaders(),
    });
    const requestId = String(response.headers['x-request-id']);
    const row = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', '=', requestId)
      .where('action', '=', 'impersonation.request')
      .executeTakeFirstOrThrow();
    expect(row.actor_user_id).toBe(ids.northwindStaff);
    expect(row.on_behalf_of_user_id).toBe(ids.acmeAdmin);
    expect([...(row.company_ids ?? [])].sort((a, b) => a - b)).toEqual(acmeCompanyIds);
    expect(row.after).toMatchObject({ method: 'GET', path: '/api/sites', status: response.statusCode });
    const refused = await inject({ method: 'POST', url: '/api/sessions/endOthers', headers: viewHeaders() });
    const refusal = await db()
      .selectFrom('audit_log')
      .select('after')
      .where('request_id', '=', String(refused.headers['x-request-id']))
      .executeTakeFirstOrThrow();
    expect(refusal.after).toMatchObject({ method: 'POST', path: '/api/sessions/endOthers', status: 403 });
  });

  it("leaves the user's own session alone", async () => {
    const response = await inject({ method: 'GET', url: '/api/sites', headers: bearer(own.accessToken) });
    expect(response.statusCode).toBe(200);
    const events = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('request_id', '=', String(response.headers['x-request-id']))
      .execute();
    expect(events).toEqual([]);
  });
});

describe('ending a view', () => {
  it("returns to the staff member's own session and ends the view's", async () => {
    const staff = await signIn(context.app, 'northwind.staff');
    const view = await startedView(staff);
    const response = await inject({ method: 'DELETE', url: '/api/viewAs', headers: bearer(view.token.access_token) });
    expect(response.statusCode, response.body).toBe(200);
    const ended = response.json<EndReply>();
    expect(ended.returnedTo).toBe('staff');
    expect(ended.session?.roles).toEqual(['partner-staff']);
    const staffClaims = decodeJwt(ended.session?.token.access_token ?? '');
    expect(staffClaims.sub).toBe(String(ids.northwindStaff));
    expect(staffClaims.sid).toBe(decodeJwt(staff.accessToken).sid);
    expect(staffClaims.act).toBeUndefined();
    // The staff member's console works with the new tokens, and its refresh token renews them.
    const console = await inject({
      method: 'GET',
      url: `/api/console/viewAs/users/${ids.acmeAdmin}`,
      headers: bearer(ended.session?.token.access_token ?? ''),
    });
    expect(console.statusCode).toBe(200);
    const renewed = await inject({
      method: 'POST',
      url: '/api/login/refresh',
      ...form({ refreshToken: ended.session?.token.refresh_token ?? '' }),
    });
    expect(renewed.statusCode).toBe(200);
    // The view's tokens are done.
    expect(
      (await inject({ method: 'GET', url: '/api/sites', headers: bearer(view.token.access_token) })).statusCode,
    ).toBe(401);
    const refreshed = await inject({
      method: 'POST',
      url: '/api/login/refresh',
      ...form({ refreshToken: view.token.refresh_token ?? '' }),
    });
    expect(refreshed.statusCode).toBe(400);
    const event = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'impersonation.ended')
      .where('request_id', '=', String(response.headers['x-request-id']))
      .executeTakeFirstOrThrow();
    expect(event.actor_user_id).toBe(ids.northwindStaff);
    expect(event.on_behalf_of_user_id).toBe(ids.acmeAdmin);
    expect(event.after).toMatchObject({ returnedTo: 'staff' });
  });

  it("signs out when the staff member's own session ended meanwhile", async () => {
    const staff = await signIn(context.app, 'northwind.staff');
    const view = await startedView(staff);
    await inject({ method: 'POST', url: '/api/login/revoke', ...form({ refreshToken: staff.refreshToken }) });
    const response = await inject({ method: 'DELETE', url: '/api/viewAs', headers: bearer(view.token.access_token) });
    expect(response.statusCode).toBe(200);
    expect(response.json<EndReply>()).toEqual({ returnedTo: 'sign-in', session: null });
    expect(
      (await inject({ method: 'GET', url: '/api/viewAs', headers: bearer(view.token.access_token) })).statusCode,
    ).toBe(401);
  });

  it('answers 404 outside a view', async () => {
    const admin = await signIn(context.app, 'acme.admin');
    const response = await inject({ method: 'DELETE', url: '/api/viewAs', headers: bearer(admin.accessToken) });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string }>().code).toBe(VIEW_AS_ERROR_CODES.notViewing);
  });

  it('ends by itself at its time limit', async () => {
    const staff = await signIn(context.app, 'northwind.staff');
    const view = await startedView(staff, ids.acmeAdmin, 5);
    const sessionId = String(decodeJwt(view.token.access_token).sid);
    expect(
      (await inject({ method: 'GET', url: '/api/sites', headers: bearer(view.token.access_token) })).statusCode,
    ).toBe(200);
    // Five minutes later, as the database sees it: the session's absolute end is past.
    const past = new Date(Date.now() - 1000);
    await db()
      .updateTable('refresh_tokens')
      .set({ created_at: new Date(past.getTime() - 5 * 60_000), idle_expires_at: past, absolute_expires_at: past })
      .where('family_id', '=', sessionId)
      .execute();
    await changesHeard(context.app);
    expect(
      (await inject({ method: 'GET', url: '/api/sites', headers: bearer(view.token.access_token) })).statusCode,
    ).toBe(401);
    const refreshed = await inject({
      method: 'POST',
      url: '/api/login/refresh',
      ...form({ refreshToken: view.token.refresh_token ?? '' }),
    });
    expect(refreshed.statusCode).toBe(400);
  });

  it("names the staff member in the view's refreshed tokens", async () => {
    const staff = await signIn(context.app, 'northwind.staff');
    const view = await startedView(staff);
    const refreshed = await inject({
      method: 'POST',
      url: '/api/login/refresh',
      ...form({ refreshToken: view.token.refresh_token ?? '' }),
    });
    expect(refreshed.statusCode).toBe(200);
    const claims = decodeJwt(refreshed.json<{ token: { access_token: string } }>().token.access_token);
    expect(claims.act).toEqual({ sub: String(ids.northwindStaff), name: 'northwind.staff' });
    expect(decodeJwt(staff.accessToken).act).toBeUndefined();
  });
});
