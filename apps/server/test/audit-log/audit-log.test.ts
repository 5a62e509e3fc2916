import { AUDIT_CSV_COLUMNS, type AuditEntry, AuditEntrySchema, COMPANY_FILTER_HEADER } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordEvent, writeAs } from '../../src/db/audit.js';
import { idOf, userIdOf } from '../admin/admin-support.js';
import { bearer, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';

// A company's audit trail through the API (decision 0221): each row attributed to its companies by the trigger or
// by recordEvent, read only by the company's administrators (AuditLog Read, company level), filtered, and the same
// rows as CSV.

const context = useDemoApp();
const db = () => context.database.db;
const sessions = new Map<string, SignedIn>();
const ids = { acme: 0, globex: 0, initech: 0, initechField: 0, acmeSite: 0, globexSite: 0, acmeAdmin: 0, multi: 0 };

async function session(userName: string) {
  let signedIn = sessions.get(userName);
  if (!signedIn) {
    signedIn = await signIn(context.app, userName);
    sessions.set(userName, signedIn);
  }
  return signedIn;
}

async function get(userName: string, url: string, company?: number) {
  return context.app.inject({
    method: 'GET',
    url,
    headers: {
      ...bearer((await session(userName)).accessToken),
      ...(company ? { [COMPANY_FILTER_HEADER]: String(company) } : {}),
    },
  });
}

async function trail(userName: string, filter?: string, company?: number): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ $top: '100', ...(filter ? { $filter: filter } : {}) });
  const response = await get(userName, `/api/auditLog?${query}`, company);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { value: unknown[] }).value.map((row) => AuditEntrySchema.parse(row));
}

async function renameSite(userName: string, siteId: number, name: string) {
  const signedIn = await session(userName);
  const { addressId } = (
    await context.app.inject({ method: 'GET', url: `/api/sites/${siteId}`, headers: bearer(signedIn.accessToken) })
  ).json();
  const response = await context.app.inject({
    method: 'PUT',
    url: `/api/sites/${siteId}`,
    headers: bearer(signedIn.accessToken),
    payload: { id: siteId, name, addressId },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const firstSiteOf = async (company: number) =>
  (
    await db()
      .selectFrom('sites')
      .select('id')
      .where('company_id', '=', company)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  ids.acme = await idOf(db(), 'companies', 'Acme Logistics Ltd');
  ids.globex = await idOf(db(), 'companies', 'Globex Engineering Ltd');
  ids.initech = await idOf(db(), 'companies', 'Initech Holdings Ltd');
  ids.initechField = await idOf(db(), 'companies', 'Initech Field Services Ltd');
  ids.acmeSite = await firstSiteOf(ids.acme);
  ids.globexSite = await firstSiteOf(ids.globex);
  ids.acmeAdmin = await userIdOf(db(), 'acme.admin');
  ids.multi = await userIdOf(db(), 'multi.admin');
});

describe('GET /api/auditLog', () => {
  it("shows a site change in Acme's trail with before and after, newest first, and never in Globex's", async () => {
    await renameSite('acme.admin', ids.acmeSite, 'Audited head office');
    const acme = await trail('acme.admin', "tableName eq 'sites'");
    const change = acme.find((entry) => entry.after?.name === 'Audited head office');
    expect(change).toMatchObject({
      actorUserId: ids.acmeAdmin,
      actorName: 'acme.admin',
      byResellerStaff: false,
      operation: 'UPDATE',
      description: 'Site changed',
      rowKey: { id: ids.acmeSite },
    });
    expect(change?.before?.name).not.toBe('Audited head office');
    const times = acme.map((entry) => entry.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);

    const globex = await trail('globex.admin');
    expect(globex.some((entry) => entry.id === change?.id)).toBe(false);
    expect(globex.every((entry) => entry.rowKey?.id !== ids.acmeSite || entry.tableName !== 'sites')).toBe(true);
  });

  it("never shows Globex's administrator a row of Acme's", async () => {
    await renameSite('globex.admin', ids.globexSite, 'Globex audited site');
    const acmeRows = await db()
      .selectFrom('audit_log')
      .select('id')
      .where((eb) => eb(eb.val(ids.acme), '=', eb.fn.any('company_ids')))
      .execute();
    expect(acmeRows.length).toBeGreaterThan(0);
    const globex = await trail('globex.admin');
    expect(globex.length).toBeGreaterThan(0);
    const acmeIds = new Set(acmeRows.map((row) => Number(row.id)));
    expect(globex.filter((entry) => acmeIds.has(entry.id))).toEqual([]);
    // Asking for Acme through the company filter gives nothing more.
    const asked = await get('globex.admin', '/api/auditLog', ids.acme);
    expect(asked.statusCode, asked.body).toBe(404);
  });

  it("shows a user's sign-in in their company's trail", async () => {
    sessions.delete('grace.jackson');
    await session('grace.jackson');
    const grace = await userIdOf(db(), 'grace.jackson');
    const signIns = await trail('acme.admin', `action eq 'login.succeeded' and actorUserId eq ${grace}`);
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns[0]).toMatchObject({ actorName: 'grace.jackson', description: 'Signed in', tableName: 'events' });
    expect(signIns[0]?.after).toMatchObject({ sessionId: expect.any(String) });
    const globex = await trail('globex.admin', `actorUserId eq ${grace}`);
    expect(globex).toEqual([]);
  });

  it("shows a multi-company user's rows in both companies' trails", async () => {
    await session('multi.admin');
    const filter = `action eq 'login.succeeded' and actorUserId eq ${ids.multi}`;
    const holdings = await trail('multi.admin', filter, ids.initech);
    const field = await trail('multi.admin', filter, ids.initechField);
    expect(holdings.length).toBeGreaterThan(0);
    expect(field.map((entry) => entry.id)).toEqual(holdings.map((entry) => entry.id));
    const row = await db()
      .selectFrom('audit_log')
      .select('company_ids')
      .where('id', '=', holdings[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.company_ids).toEqual([ids.initech, ids.initechField].sort((a, b) => a - b));
    // Without the company choice, each row once.
    const both = await trail('multi.admin', filter);
    expect(both.map((entry) => entry.id)).toEqual(holdings.map((entry) => entry.id));
  });

  it("attributes a deleted user's row to the companies they were in, though their memberships went first", async () => {
    const profile = await db()
      .selectFrom('profiles')
      .select('id')
      .where('name', '=', 'Finance')
      .executeTakeFirstOrThrow();
    const partner = await db()
      .selectFrom('companies')
      .select('partner_id')
      .where('id', '=', ids.acme)
      .executeTakeFirstOrThrow();
    const deleted = await writeAs(db(), { userId: ids.acmeAdmin, requestId: 'req-user-deleted' }, async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          partner_id: partner.partner_id,
          user_name: 'audit.leaver',
          email_address: 'leaver@acme.example',
          profile_id: profile.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_companies')
        .values({ user_id: user.id, company_id: ids.acme, partner_id: partner.partner_id })
        .execute();
      await trx.deleteFrom('users').where('id', '=', user.id).execute();
      return user.id;
    });
    const rows = await trail('acme.admin', "tableName eq 'users' and operation eq 'DELETE'");
    expect(rows.find((entry) => entry.rowKey?.id === deleted)).toMatchObject({
      description: 'User removed',
      before: { user_name: 'audit.leaver' },
      requestId: 'req-user-deleted',
    });
    expect((await trail('globex.admin', "tableName eq 'users'")).some((entry) => entry.rowKey?.id === deleted)).toBe(
      false,
    );
  });

  it("shows an access by the reseller's staff, viewing as a customer's user, as a staff access", async () => {
    const staff = await userIdOf(db(), 'northwind.staff');
    const viewed = await userIdOf(db(), 'grace.jackson');
    await recordEvent(db(), {
      action: 'customer.viewed_as',
      actor: { userId: staff, requestId: 'req-staff-1' },
      onBehalfOfUserId: viewed,
      companyIds: [ids.acme],
      details: { reason: 'Ticket 4521' },
    });
    const rows = await trail('acme.admin', 'byResellerStaff eq true');
    const access = rows.find((entry) => entry.requestId === 'req-staff-1');
    expect(access).toMatchObject({
      actorUserId: staff,
      actorName: 'northwind.staff',
      actorPartnerName: expect.any(String),
      onBehalfOfUserId: viewed,
      onBehalfOfName: 'grace.jackson',
      byResellerStaff: true,
      action: 'customer.viewed_as',
      after: { reason: 'Ticket 4521' },
    });
    expect(rows.every((entry) => entry.byResellerStaff)).toBe(true);
    expect((await trail('globex.admin', 'byResellerStaff eq true')).some((e) => e.requestId === 'req-staff-1')).toBe(
      false,
    );
    const notStaff = await trail('acme.admin', 'byResellerStaff eq false');
    expect(notStaff.some((entry) => entry.requestId === 'req-staff-1')).toBe(false);
  });

  it('filters by time range and kind of change', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await renameSite('acme.admin', ids.acmeSite, 'Audited again');
    const recent = await trail(
      'acme.admin',
      `occurredAt ge ${before} and tableName eq 'sites' and operation eq 'UPDATE'`,
    );
    expect(recent.map((entry) => entry.after?.name)).toContain('Audited again');
    expect(recent.every((entry) => entry.tableName === 'sites' && entry.operation === 'UPDATE')).toBe(true);
    const older = await trail('acme.admin', `occurredAt lt ${before} and tableName eq 'sites'`);
    expect(older.map((entry) => entry.after?.name)).not.toContain('Audited again');
  });

  it('never shows a secret-like column', async () => {
    await db()
      .insertInto('audit_log')
      .values({
        table_name: 'users',
        operation: 'UPDATE',
        row_key: JSON.stringify({ id: ids.acmeAdmin }),
        before: JSON.stringify({ id: ids.acmeAdmin, api_token: 'old-token', nested: { client_secret: 's' } }),
        after: JSON.stringify({ id: ids.acmeAdmin, api_token: 'new-token', nested: { client_secret: 't' } }),
        action: null,
        actor_user_id: null,
        request_id: 'req-hidden-columns',
        company_ids: [ids.acme],
        on_behalf_of_user_id: null,
      })
      .execute();
    const entry = (await trail('acme.admin', "tableName eq 'users'")).find(
      (row) => row.requestId === 'req-hidden-columns',
    );
    expect(entry?.before).toEqual({ id: ids.acmeAdmin, nested: {} });
    expect(JSON.stringify(entry)).not.toMatch(/api_token|old-token|client_secret/);
  });

  it('is refused (403) to a user without AuditLog, and to a site-level user holding it', async () => {
    expect((await get('acme.finance', '/api/auditLog')).statusCode).toBe(403);
    expect((await get('acme.finance', '/api/auditLog/csv')).statusCode).toBe(403);
    expect((await get('acme.sitemanager', '/api/auditLog')).statusCode).toBe(403);
  });

  it('answers 400 naming the option for a filter on an unknown field', async () => {
    const response = await get('acme.admin', `/api/auditLog?$filter=${encodeURIComponent("before eq 'x'")}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_odata' });
  });
});

describe('GET /api/auditLog/csv', () => {
  it('exports exactly the rows the list gives for the same filter, in its order', async () => {
    const filter = "tableName eq 'sites' or action eq 'login.succeeded'";
    const listed = await trail('acme.admin', filter);
    const response = await get('acme.admin', `/api/auditLog/csv?${new URLSearchParams({ $filter: filter })}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('audit-log.csv');
    const [header, ...rows] = parse(response.body) as string[][];
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rows.length).toBe(listed.length);
    expect(rows.map((row) => [row[0], row[1], row[4], row[8]])).toEqual(
      listed.map((entry) => [
        entry.occurredAt,
        entry.actorName ?? '',
        entry.description,
        entry.rowKey ? JSON.stringify(entry.rowKey) : '',
      ]),
    );
    expect(rows.map((row) => row[10])).toEqual(listed.map((entry) => (entry.after ? JSON.stringify(entry.after) : '')));
  });

  it("holds only the caller's companies' rows", async () => {
    const response = await get('globex.admin', '/api/auditLog/csv');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Audited head office');
  });
});
