import { odataList, SearchResultSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const Results = odataList(SearchResultSchema);

async function searchAs(userName: string, query: Record<string, string>) {
  const session = await signIn(context.app, userName);
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/companies/search',
    query,
    headers: bearer(session.accessToken),
  });
  return response;
}

async function endpointOf(userName: string) {
  return context.database.db
    .selectFrom('user_endpoints')
    .innerJoin('users', 'users.id', 'user_endpoints.user_id')
    .innerJoin('endpoints', 'endpoints.id', 'user_endpoints.endpoint_id')
    .select(['endpoints.id', 'endpoints.identifier'])
    .where('users.user_name', '=', userName)
    .executeTakeFirstOrThrow();
}

/** '07100386168' written as a person might: '+44 7100 386168'. */
function international(identifier: string) {
  const national = identifier.slice(1);
  return `+44 ${national.slice(0, 4)} ${national.slice(4)}`;
}

describe('GET /api/companies/search', () => {
  it('needs sign-in and a term of 3 or more characters', async () => {
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/companies/search', query: { searchTerm: 'leeds' } }))
        .statusCode,
    ).toBe(401);
    const short = await searchAs('acme.admin', { searchTerm: 'le' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([expect.objectContaining({ field: 'searchTerm' })]);
  });

  it("finds a device by its number written with +44 and spaces, linking to the device's page", async () => {
    const own = await endpointOf('acme.mobile');
    const response = await searchAs('acme.admin', { searchTerm: international(own.identifier) });
    const { value } = Results.parse(response.json());
    expect(value[0]).toMatchObject({ type: 'MobileDevice', id: own.id, params: { cli: own.identifier } });
  });

  it('names a line by its name alone and gives its number as the reference, so a list can show both', async () => {
    const own = await endpointOf('acme.mobile');
    const { value } = Results.parse((await searchAs('acme.admin', { searchTerm: own.identifier })).json());
    const found = value.find((result) => result.id === own.id);
    expect(found?.reference).toBe(own.identifier);
    expect(found?.name).not.toContain(own.identifier);
    const { value: sites } = Results.parse(
      (await searchAs('acme.admin', { searchTerm: 'Leeds', type: 'Site' })).json(),
    );
    expect(sites.every((site) => site.reference === undefined)).toBe(true);
  });

  it('finds sites and orders by name and reference, case-insensitively, best match first', async () => {
    const { value } = Results.parse((await searchAs('acme.admin', { searchTerm: 'LEEDS' })).json());
    expect(value.find((r) => r.type === 'Site')?.name).toMatch(/^Leeds /);
    const orders = Results.parse(
      (await searchAs('acme.admin', { searchTerm: 'mob-1000', type: 'MobileOrder' })).json(),
    );
    expect(orders.value.length).toBeGreaterThan(0);
    expect(orders.value.every((r) => r.type === 'MobileOrder' && /^MOB-1000/.test(r.name))).toBe(true);
  });

  it("never answers from another company's estate", async () => {
    const acmeDevice = await endpointOf('acme.mobile');
    const byNumber = Results.parse((await searchAs('globex.admin', { searchTerm: acmeDevice.identifier })).json());
    expect(byNumber.value).toEqual([]);
    const bySite = Results.parse((await searchAs('globex.admin', { searchTerm: 'Manchester', type: 'Site' })).json());
    expect(bySite.value).toEqual([]);
  });

  it('keeps an EndPoint user to their own line', async () => {
    const own = await endpointOf('acme.broadband');
    const mine = Results.parse(
      (await searchAs('acme.broadband', { searchTerm: international(own.identifier) })).json(),
    );
    expect(mine.value).toEqual([expect.objectContaining({ type: 'BroadbandContract', id: own.id })]);
    const others = Results.parse(
      (await searchAs('acme.broadband', { searchTerm: 'Fibre', type: 'BroadbandContract' })).json(),
    );
    expect(others.value.map((r) => r.id)).toEqual([own.id]);
  });

  it('leaves out what the permissions exclude', async () => {
    const { value } = Results.parse((await searchAs('acme.finance', { searchTerm: 'bill' })).json());
    expect(value.length).toBeGreaterThan(0);
    expect(new Set(value.map((r) => r.type))).toEqual(new Set(['Faq']));
  });

  it('caps results per type with count and in all with top', async () => {
    const perType = Results.parse((await searchAs('acme.admin', { searchTerm: '071', count: '3' })).json());
    expect(perType.value.filter((r) => r.type === 'MobileDevice')).toHaveLength(3);
    const capped = Results.parse((await searchAs('acme.admin', { searchTerm: '071', count: '5', top: '2' })).json());
    expect(capped.value).toHaveLength(2);
  });
});
