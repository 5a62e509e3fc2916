import { SiteListItemSchema } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const db = () => context.database.db;

type Named = { id: number; name: string };

/** The sites each caller should see, read straight from the tables the estate is made of. */
const expected = { acme: [] as Named[], managed: [] as Named[], initech: [] as Named[], globexSite: 0, acmeId: 0 };

async function companyId(name: string) {
  return (await db().selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

function sitesWhere(column: 'sites.company_id' | 'sites.id', ids: number[]) {
  return db()
    .selectFrom('sites')
    .select(['sites.id', 'sites.name'])
    .where(column, 'in', ids)
    .orderBy('sites.name')
    .orderBy('sites.id')
    .execute();
}

beforeAll(async () => {
  expected.acmeId = await companyId('Acme Logistics Ltd');
  expected.acme = await sitesWhere('sites.company_id', [expected.acmeId]);
  const initech = [await companyId('Initech Holdings Ltd'), await companyId('Initech Field Services Ltd')];
  expected.initech = await sitesWhere('sites.company_id', initech);
  const managed = await db()
    .selectFrom('user_sites')
    .innerJoin('users', 'users.id', 'user_sites.user_id')
    .select('user_sites.site_id')
    .where('users.user_name', '=', 'acme.sitemanager')
    .execute();
  expected.managed = await sitesWhere(
    'sites.id',
    managed.map((row) => row.site_id),
  );
  const globex = await companyId('Globex Engineering Ltd');
  expected.globexSite = (
    await db().selectFrom('sites').select('id').where('company_id', '=', globex).executeTakeFirstOrThrow()
  ).id;
});

async function getAs(userName: string | null, url: string) {
  const headers = userName ? bearer((await signIn(context.app, userName)).accessToken) : {};
  return context.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/sites', () => {
  it('lists the sites of each caller’s estate, by name', async () => {
    expect(expected.acme.length).toBeGreaterThan(expected.managed.length);
    expect(expected.managed.length).toBeGreaterThan(0);
    for (const [userName, sites] of [
      ['acme.admin', expected.acme],
      ['acme.sitemanager', expected.managed],
      ['multi.admin', expected.initech],
    ] as const) {
      const reply = await getAs(userName, '/api/sites?$select=id,name&$top=100');
      expect(reply.statusCode, userName).toBe(200);
      expect(reply.json().value, userName).toEqual(sites);
    }
  });

  it('gives company, count and pages, sorted as asked', async () => {
    const first = await getAs('acme.admin', '/api/sites?$count=true&$top=2&$orderby=name desc');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body['@odata.count']).toBe(expected.acme.length);
    // By name descending, ties by id ascending: the key always breaks ties upwards.
    // An administrator (ManageSite) reads each site's address too, for Manage Sites' columns.
    const descending = await db()
      .selectFrom('sites')
      .innerJoin('addresses', 'addresses.id', 'sites.address_id')
      .select([
        'sites.id',
        'sites.name',
        'sites.address_id as addressId',
        'line1',
        'line2',
        'line3',
        'town',
        'county',
        'post_code as postCode',
      ])
      .where('sites.company_id', '=', expected.acmeId)
      .orderBy('sites.name', 'desc')
      .orderBy('sites.id', 'asc')
      .execute();
    expect(body.value).toEqual(
      descending
        .slice(0, 2)
        .map((site) => ({ ...site, companyId: expected.acmeId, companyName: 'Acme Logistics Ltd' })),
    );
    const second = (await getAs('acme.admin', '/api/sites?$select=id&$top=2&$skip=2&$orderby=name desc')).json();
    expect(second.value).toEqual(descending.slice(2, 4).map(({ id }) => ({ id })));
    // A site manager, who does not manage sites, is given no addresses (decision 0048).
    const managed = (await getAs('acme.sitemanager', '/api/sites')).json();
    expect(Object.keys(managed.value[0]).sort()).toEqual(['companyId', 'companyName', 'id', 'name']);
    expect((await getAs('acme.sitemanager', '/api/sites?$select=town')).statusCode).toBe(400);
    for (const row of body.value) SiteListItemSchema.parse(row);
  });

  it('answers 400 naming the option for a bad one', async () => {
    for (const [url, field] of [
      ['/api/sites?$select=address', '$select'],
      ['/api/sites?$top=abc', '$top'],
      ['/api/sites?$orderby=colour', '$orderby'],
    ] as const) {
      const reply = await getAs('acme.admin', url);
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json().details, url).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
  });

  it('is refused to a caller with no site access (a team leader, finance)', async () => {
    expect((await getAs('acme.teamlead', '/api/sites')).statusCode).toBe(403);
    expect((await getAs('acme.finance', '/api/sites/names')).statusCode).toBe(403);
  });
});

describe('GET /api/sites/names', () => {
  it('gives id and name of each site of the estate, by name', async () => {
    expect((await getAs('acme.admin', '/api/sites/names')).json()).toEqual({ value: expected.acme });
    expect((await getAs('acme.sitemanager', '/api/sites/names')).json()).toEqual({ value: expected.managed });
    expect((await getAs('multi.admin', '/api/sites/names')).json()).toEqual({ value: expected.initech });
  });
});

describe('GET /api/sites/:id', () => {
  it('gives a site of the estate, with the fields $select asks for', async () => {
    const site = expected.managed[0]!;
    const whole = await getAs('acme.sitemanager', `/api/sites/${site.id}`);
    expect(whole.json()).toEqual({ ...site, companyId: expected.acmeId, companyName: 'Acme Logistics Ltd' });
    expect((await getAs('acme.admin', `/api/sites/${site.id}?$select=id,name`)).json()).toEqual(site);
    const initech = expected.initech[0]!;
    expect((await getAs('multi.admin', `/api/sites/${initech.id}?$select=name`)).json()).toEqual({
      name: initech.name,
    });
  });

  it('answers 404 outside the estate: another company’s site, an unmanaged site, an unknown id', async () => {
    const unmanaged = expected.acme.find((site) => !expected.managed.some((own) => own.id === site.id))!;
    expect((await getAs('acme.admin', `/api/sites/${expected.globexSite}`)).statusCode).toBe(404);
    expect((await getAs('multi.admin', `/api/sites/${expected.acme[0]!.id}`)).statusCode).toBe(404);
    expect((await getAs('acme.sitemanager', `/api/sites/${unmanaged.id}`)).statusCode).toBe(404);
    expect((await getAs('acme.admin', '/api/sites/99999999')).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad id or $select', async () => {
    const badId = await getAs('acme.admin', '/api/sites/abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details).toEqual([expect.objectContaining({ field: 'id' })]);
    const badSelect = await getAs('acme.admin', `/api/sites/${expected.acme[0]!.id}?$select=secret`);
    expect(badSelect.statusCode).toBe(400);
    expect(badSelect.json().details).toEqual([expect.objectContaining({ field: '$select' })]);
  });
});
