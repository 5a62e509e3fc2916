import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../support/test-app.js';
import { caller, type ErrorBody, idOf, lastAudit, makeUser, siteWithDevice } from './admin-support.js';

// Issue 21: a site's delete says first what is in the way, refuses to leave a Site Manager with no site
// (decision 0127), and a site's lines move to another site in one step (decision 0128).

const context = useDemoApp();
const db = () => context.database.db;
const call = caller(() => context.app);
const address = { line1: '9 Dock Road', town: 'Cardiff', county: 'South Glamorgan', postCode: 'CF10 4AA' };
const refusal = (body: string) => JSON.parse(body) as ErrorBody;
let made = 0;

async function newSite(userName = 'acme.admin', name = 'Issue 21 site') {
  made += 1;
  const response = await call(userName, 'POST', '/api/sites', { name: `${name} ${made}`, newAddress: address });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

const linesOn = async (siteId: number) =>
  (await db().selectFrom('endpoints').select('id').where('site_id', '=', siteId).orderBy('id').execute()).map(
    (row) => row.id,
  );
const siteExists = async (siteId: number) =>
  (await db().selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst()) !== undefined;

describe('GET /api/sites/:id/deletionCheck', () => {
  it('counts the lines of each kind on a site, and names nobody for a site no user depends on', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const kinds = await db().selectFrom('endpoints').select('endpoint_type_id').where('site_id', '=', siteId).execute();
    const response = await call('acme.admin', 'GET', `/api/sites/${siteId}/deletionCheck`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      mobileDevices: kinds.filter((line) => line.endpoint_type_id === 1).length,
      broadbandContracts: kinds.filter((line) => line.endpoint_type_id !== 1).length,
    });
    const empty = await newSite();
    expect((await call('acme.admin', 'GET', `/api/sites/${empty}/deletionCheck`)).json()).toEqual({
      mobileDevices: 0,
      broadbandContracts: 0,
      onlySiteOf: [],
    });
  });

  it('answers 404 for another company’s site', async () => {
    const theirs = await newSite('globex.admin');
    expect((await call('acme.admin', 'GET', `/api/sites/${theirs}/deletionCheck`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/sites/:id of a Site Manager’s only site', () => {
  it('is refused with 409 naming the users, keeps the site and their assignment, and goes ahead once they have another', async () => {
    const companyId = await idOf(db(), 'companies', 'Acme Logistics Ltd');
    const yard = await newSite('acme.admin', 'Cardiff Yard');
    const other = await newSite('acme.admin', 'Newport Yard');
    const managers = ['cardiff.manager', 'cardiff.deputy'];
    const ids: number[] = [];
    for (const userName of managers) {
      ids.push(await makeUser(db(), userName, 'Site Manager', [['MobileSiteEstate', 'Read']], { siteId: yard }));
    }
    // A manager of two sites is not left with none, so is not named.
    const both = await makeUser(db(), 'two.sites.manager', 'Site Manager', [['MobileSiteEstate', 'Read']], {
      siteId: yard,
    });
    await db().insertInto('user_sites').values({ user_id: both, site_id: other }).execute();
    expect(companyId).toBeGreaterThan(0);

    const check = await call('acme.admin', 'GET', `/api/sites/${yard}/deletionCheck`);
    expect(check.json()).toEqual({
      mobileDevices: 0,
      broadbandContracts: 0,
      onlySiteOf: [
        { id: ids[1], userName: 'cardiff.deputy' },
        { id: ids[0], userName: 'cardiff.manager' },
      ],
    });

    const response = await call('acme.admin', 'DELETE', `/api/sites/${yard}`);
    expect(response.statusCode).toBe(409);
    expect(refusal(response.body)).toMatchObject({
      code: 'site_is_only_site_of_users',
      message:
        'This site is the only site of cardiff.deputy and cardiff.manager. Give these users another site, or delete these users, first.',
      details: [
        { field: 'id', rule: 'not_only_site_of_a_user', message: 'This is the only site of cardiff.deputy' },
        { field: 'id', rule: 'not_only_site_of_a_user', message: 'This is the only site of cardiff.manager' },
      ],
    });
    expect(await siteExists(yard)).toBe(true);
    const kept = await db().selectFrom('user_sites').select('user_id').where('site_id', '=', yard).execute();
    expect(kept.map((row) => row.user_id).sort()).toEqual([...ids, both].sort());
    // Still listed for the administrator, so still found and changed or removed.
    const listed = await call('acme.admin', 'GET', `/api/users/${ids[0]}`);
    expect(listed.statusCode).toBe(200);

    for (const id of ids) await db().insertInto('user_sites').values({ user_id: id, site_id: other }).execute();
    expect((await call('acme.admin', 'DELETE', `/api/sites/${yard}`)).statusCode).toBe(204);
    expect(await siteExists(yard)).toBe(false);
  });
});

describe('POST /api/sites/:id/moveLines', () => {
  it('moves every device and contract of a site to another of its company in one audited step, and then the site can go', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const lines = await linesOn(siteId);
    const kinds = await db().selectFrom('endpoints').select('endpoint_type_id').where('site_id', '=', siteId).execute();
    const target = await newSite();
    const response = await call('acme.admin', 'POST', `/api/sites/${siteId}/moveLines`, { targetSiteId: target });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mobileDevices: kinds.filter((line) => line.endpoint_type_id === 1).length,
      broadbandContracts: kinds.filter((line) => line.endpoint_type_id !== 1).length,
    });
    expect(await linesOn(siteId)).toEqual([]);
    expect(await linesOn(target)).toEqual(lines);
    expect((await lastAudit(db(), 'endpoints', 'UPDATE')).request_id).toBeTruthy();
    const check = (await call('acme.admin', 'GET', `/api/sites/${siteId}/deletionCheck`)).json();
    expect(check).toMatchObject({ mobileDevices: 0, broadbandContracts: 0 });
    // And back, so the demo site keeps its lines for the other tests.
    await call('acme.admin', 'POST', `/api/sites/${target}/moveLines`, { targetSiteId: siteId });
    expect(await linesOn(siteId)).toEqual(lines);
  });

  it('refuses the same site (400), another company’s site (404) and a site outside the estate (404), moving nothing', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const lines = await linesOn(siteId);
    const same = await call('acme.admin', 'POST', `/api/sites/${siteId}/moveLines`, { targetSiteId: siteId });
    expect(same.statusCode).toBe(400);
    expect(refusal(same.body).details).toEqual([expect.objectContaining({ field: 'targetSiteId' })]);
    const theirs = await newSite('globex.admin');
    const toTheirs = await call('acme.admin', 'POST', `/api/sites/${siteId}/moveLines`, { targetSiteId: theirs });
    expect(toTheirs.statusCode).toBe(404);
    const fromTheirs = await call('acme.admin', 'POST', `/api/sites/${theirs}/moveLines`, { targetSiteId: siteId });
    expect(fromTheirs.statusCode).toBe(404);
    expect(await linesOn(siteId)).toEqual(lines);
  });

  it('refuses a site of another of the caller’s companies (400 same_company)', async () => {
    const companies = (await call('multi.admin', 'GET', '/api/companies/names')).json() as {
      value: Array<{ id: number }>;
    };
    const [first, second] = companies.value;
    if (!first || !second) throw new Error('multi.admin has fewer than two companies');
    const create = async (companyId: number) =>
      (
        await call('multi.admin', 'POST', '/api/sites', { name: `Multi ${companyId}`, companyId, newAddress: address })
      ).json() as { id: number };
    const [from, to] = [await create(first.id), await create(second.id)];
    const response = await call('multi.admin', 'POST', `/api/sites/${from.id}/moveLines`, { targetSiteId: to.id });
    expect(response.statusCode).toBe(400);
    expect(refusal(response.body).details).toEqual([
      expect.objectContaining({ field: 'targetSiteId', rule: 'same_company' }),
    ]);
  });

  it('refuses a caller without Write on an estate code of the kind moved (403), moving nothing', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const lines = await linesOn(siteId);
    const companyId = await idOf(db(), 'companies', 'Acme Logistics Ltd');
    await makeUser(db(), 'broadband.only.writer', 'Company Administrator', [['BroadbandUserEstate', 'Write']], {
      companyId,
    });
    const target = await newSite();
    const response = await call('broadband.only.writer', 'POST', `/api/sites/${siteId}/moveLines`, {
      targetSiteId: target,
    });
    expect(response.statusCode).toBe(403);
    expect(await linesOn(siteId)).toEqual(lines);
  });
});
