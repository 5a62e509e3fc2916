import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../support/test-app.js';
import { caller, type ErrorBody, idOf, lastAudit, siteWithDevice, userIdOf } from './admin-support.js';

const context = useDemoApp();
const db = () => context.database.db;
const call = caller(() => context.app);
const address = { line1: '5 Canal Wharf', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS11 5PS' };
const siteCount = async () =>
  Number((await db().selectFrom('sites').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const refusal = (body: string) => JSON.parse(body) as ErrorBody;

describe('POST /api/sites', () => {
  it('adds a site with a new address of the caller’s only company, audited, and answers it with the address', async () => {
    const response = await call('acme.admin', 'POST', '/api/sites', { name: 'Leeds depot', newAddress: address });
    expect(response.statusCode).toBe(201);
    const site = response.json();
    expect(site).toMatchObject({ name: 'Leeds depot', companyName: 'Acme Logistics Ltd', ...address, line2: null });
    const read = await call('acme.admin', 'GET', `/api/sites/${site.id}`);
    expect(read.json()).toEqual(site);
    const audit = await lastAudit(db(), 'sites', 'INSERT');
    expect(audit.actor_user_id).toBe(await userIdOf(db(), 'acme.admin'));
    expect(audit.request_id).toBeTruthy();
  });

  it('uses one of the company’s addresses', async () => {
    const { addressId } = (
      await call('acme.admin', 'GET', `/api/sites/${(await siteWithDevice(db(), 'Acme Logistics Ltd')).siteId}`)
    ).json();
    const response = await call('acme.admin', 'POST', '/api/sites', { name: 'Second office', addressId });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ addressId });
  });

  it.each([
    ['name', { name: 'x'.repeat(101), newAddress: address }],
    ['name', { name: '', newAddress: address }],
    ['addressId', { name: 'No address' }],
    ['addressId', { name: 'Both', addressId: 1, newAddress: address }],
    ['newAddress.town', { name: 'No town', newAddress: { ...address, town: '' } }],
    ['newAddress.county', { name: 'No county', newAddress: { ...address, county: undefined } }],
    ['newAddress.postCode', { name: 'No post code', newAddress: { ...address, postCode: '' } }],
    ['newAddress.postCode', { name: 'Long post code', newAddress: { ...address, postCode: 'LS11 5PS 12' } }],
    ['newAddress.line1', { name: 'Long line 1', newAddress: { ...address, line1: 'x'.repeat(51) } }],
    ['newAddress.line2', { name: 'Long line 2', newAddress: { ...address, line2: 'x'.repeat(51) } }],
    ['newAddress.line3', { name: 'Long line 3', newAddress: { ...address, line3: 'x'.repeat(51) } }],
    ['newAddress.town', { name: 'Long town', newAddress: { ...address, town: 'x'.repeat(51) } }],
    ['newAddress.county', { name: 'Long county', newAddress: { ...address, county: 'x'.repeat(51) } }],
  ])('refuses a bad %s with a 400 naming it, and adds nothing', async (field, body) => {
    const before = await siteCount();
    const response = await call('acme.admin', 'POST', '/api/sites', body);
    expect(response.statusCode).toBe(400);
    expect(refusal(response.body).details?.map((detail) => detail.field)).toContain(field);
    expect(await siteCount()).toBe(before);
  });

  it('asks a caller of several companies which one, and takes the one named', async () => {
    const missing = await call('multi.admin', 'POST', '/api/sites', { name: 'Initech yard', newAddress: address });
    expect(missing.statusCode).toBe(400);
    expect(refusal(missing.body).details).toEqual([expect.objectContaining({ field: 'companyId', rule: 'required' })]);
    const companyId = await idOf(db(), 'companies', 'Initech Field Services Ltd');
    const named = await call('multi.admin', 'POST', '/api/sites', {
      name: 'Initech yard',
      companyId,
      newAddress: address,
    });
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({ companyId, companyName: 'Initech Field Services Ltd' });
  });

  it('refuses another company and another company’s address, naming the field', async () => {
    const globex = await idOf(db(), 'companies', 'Globex Engineering Ltd');
    const otherCompany = await call('acme.admin', 'POST', '/api/sites', {
      name: 'X',
      companyId: globex,
      newAddress: address,
    });
    expect(otherCompany.statusCode).toBe(400);
    expect(refusal(otherCompany.body).details?.[0]).toMatchObject({ field: 'companyId', rule: 'in_estate' });
    const globexAddress = await db()
      .selectFrom('addresses')
      .select('id')
      .where('company_id', '=', globex)
      .executeTakeFirstOrThrow();
    const otherAddress = await call('acme.admin', 'POST', '/api/sites', { name: 'X', addressId: globexAddress.id });
    expect(otherAddress.statusCode).toBe(400);
    expect(refusal(otherAddress.body).details?.[0]).toMatchObject({ field: 'addressId', rule: 'in_estate' });
  });

  it('is refused (403) to a site manager, who lacks ManageSite Write', async () => {
    const response = await call('acme.sitemanager', 'POST', '/api/sites', { name: 'X', newAddress: address });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/sites/:id', () => {
  it('renames a site, audited; the company cannot change', async () => {
    const { siteId, companyId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const { addressId } = (await call('acme.admin', 'GET', `/api/sites/${siteId}`)).json();
    const response = await call('acme.admin', 'PUT', `/api/sites/${siteId}`, {
      id: siteId,
      name: 'Head office',
      addressId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: siteId, name: 'Head office' });
    expect((await lastAudit(db(), 'sites', 'UPDATE')).after).toMatchObject({ name: 'Head office' });
    const moved = await call('acme.admin', 'PUT', `/api/sites/${siteId}`, {
      name: 'Head office',
      addressId,
      companyId: companyId + 1,
    });
    expect(refusal(moved.body).details?.[0]).toMatchObject({ field: 'companyId', rule: 'unchanged' });
    const mismatch = await call('acme.admin', 'PUT', `/api/sites/${siteId}`, { id: siteId + 1, name: 'X', addressId });
    expect(refusal(mismatch.body).details?.[0]).toMatchObject({ field: 'id', rule: 'matches_path' });
  });

  it('answers 404 for another company’s site, and changes nothing', async () => {
    const { siteId } = await siteWithDevice(db(), 'Globex Engineering Ltd');
    const response = await call('acme.admin', 'PUT', `/api/sites/${siteId}`, { name: 'Mine now', newAddress: address });
    expect(response.statusCode).toBe(404);
    const site = await db().selectFrom('sites').select('name').where('id', '=', siteId).executeTakeFirstOrThrow();
    expect(site.name).not.toBe('Mine now');
  });
});

describe('DELETE /api/sites/:id', () => {
  it('refuses a site that still has lines, saying how many, and keeps it', async () => {
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const lines = await db().selectFrom('endpoints').select('id').where('site_id', '=', siteId).execute();
    const response = await call('acme.admin', 'DELETE', `/api/sites/${siteId}`);
    expect(response.statusCode).toBe(409);
    expect(refusal(response.body)).toMatchObject({
      code: 'site_has_endpoints',
      message: `This site still has ${lines.length} devices and contracts. Move them to another site first.`,
    });
    expect(await db().selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst()).toBeDefined();
  });

  it('deletes an empty site, audited', async () => {
    const created = (
      await call('acme.admin', 'POST', '/api/sites', { name: 'Short-lived', newAddress: address })
    ).json();
    const response = await call('acme.admin', 'DELETE', `/api/sites/${created.id}`);
    expect(response.statusCode).toBe(204);
    expect(await db().selectFrom('sites').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
    expect((await lastAudit(db(), 'sites', 'DELETE')).before).toMatchObject({ id: created.id });
    expect((await call('acme.admin', 'GET', `/api/sites/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another company’s site', async () => {
    const created = (
      await call('globex.admin', 'POST', '/api/sites', { name: 'Globex spare', newAddress: address })
    ).json();
    expect((await call('acme.admin', 'DELETE', `/api/sites/${created.id}`)).statusCode).toBe(404);
    expect(await db().selectFrom('sites').select('id').where('id', '=', created.id).executeTakeFirst()).toBeDefined();
  });
});
