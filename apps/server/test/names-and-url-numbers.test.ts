import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiErrorSchema } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCarrierSimulator } from './support/carrier-simulator.js';
import { bearer, type SignedIn, signIn, useDemoApp } from './support/test-app.js';
import { type EstateLine, ownLineOf } from './sweeps/target-ids.js';

/*
 * Two gaps a security review found in what requests may carry (docs/decisions/0123): names of only spaces were
 * stored, and numbers in paths and query strings were read in any spelling JavaScript's Number() reads.
 */
const carriers = useCarrierSimulator();
const context = useDemoApp(() => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-names-numbers-')),
  CARRIER_SIM_URL: carriers.sim.url,
}));
let admin: SignedIn;
type Kind = 'mobile' | 'halo' | 'vertex' | 'keystone';
const lines: Partial<Record<Kind, EstateLine>> = {};

beforeAll(async () => {
  admin = await signIn(context.app, 'acme.admin');
  for (const kind of ['mobile', 'halo', 'vertex', 'keystone'] as const) {
    const line = await ownLineOf(context.database.db, 'acme.admin', kind);
    if (!line) throw new Error(`acme.admin has no ${kind} line: the demo data changed`);
    lines[kind] = line;
  }
});

const line = (kind: Kind) => lines[kind] as EstateLine;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  context.app.inject({ method, url, headers: bearer(admin.accessToken), ...(payload ? { payload } : {}) });

/** The refusal's details, after checking it is a 400 in the one error shape. */
function refusedDetails(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode, response.body).toBe(400);
  return ApiErrorSchema.parse(response.json()).details;
}

describe('a name of only spaces', () => {
  const BLANKS = [' ', '   ', '\t \u00a0'];

  it.each(BLANKS)('is refused as a line’s new name (%j), naming the field', async (blank) => {
    const { endpoint } = line('mobile');
    const response = await call('PUT', `/api/endpoints/${endpoint}/changeName`, { id: endpoint, name: blank });
    expect(refusedDetails(response)).toEqual([expect.objectContaining({ field: 'name', rule: 'too_small' })]);
  });

  it.each(BLANKS)('is refused as a new site’s name (%j)', async (blank) => {
    const newAddress = { line1: '1 Blank Street', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS1 1AA' };
    const response = await call('POST', '/api/sites', { name: blank, companyId: line('mobile').company, newAddress });
    expect(refusedDetails(response)).toEqual([expect.objectContaining({ field: 'name', rule: 'too_small' })]);
  });

  it.each(BLANKS)('is refused as a new team’s name (%j)', async (blank) => {
    const response = await call('POST', '/api/teams', { name: blank, companyId: line('mobile').company });
    expect(refusedDetails(response)).toEqual([expect.objectContaining({ field: 'name', rule: 'too_small' })]);
  });

  it.each(BLANKS)('is refused as a username (%j), in a save and in the uniqueness check', async (blank) => {
    const save = await call('POST', '/api/users', {
      userName: blank,
      emailAddress: 'blank.name@example.co.uk',
      profileId: 1,
      functionalityIds: [],
    });
    expect(refusedDetails(save)).toContainEqual(expect.objectContaining({ field: 'userName', rule: 'too_small' }));
    const check = await call('POST', '/api/users/isUserNameUnique', { userName: blank });
    expect(refusedDetails(check)).toEqual([expect.objectContaining({ field: 'userName', rule: 'too_small' })]);
  });

  it('is stored without the spaces around it', async () => {
    const { endpoint } = line('mobile');
    const response = await call('PUT', `/api/endpoints/${endpoint}/changeName`, { id: endpoint, name: '  Van 7  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Van 7' });
  });
});

describe('a number in a path or query string', () => {
  /** Spellings Number() reads as the supplier 27 (or 36), none of them plain digits. */
  const spellingsOf = (supplier: number) => [
    `0x${supplier.toString(16)}`,
    `${supplier / 10}e1`,
    `%20${supplier}`,
    `${supplier}%20`,
    `%2B${supplier}`,
    `0${supplier}`,
    `${supplier}.0`,
  ];

  it('reads a supplier in plain digits', async () => {
    const { supplier, endpoint } = line('vertex');
    expect((await call('GET', `/api/mobileVertex/${supplier}/${endpoint}`)).statusCode).toBe(200);
  });

  it('refuses a supplier in any other spelling, naming the parameter', async () => {
    const { supplier, endpoint } = line('vertex');
    for (const spelling of spellingsOf(Number(supplier))) {
      for (const url of [
        `/api/mobileVertex/${spelling}/${endpoint}`,
        `/api/mobileVertex/bars/${spelling}/${endpoint}`,
        `/api/mobileVertex/SimValidation?supplierId=${spelling}`,
      ]) {
        const details = refusedDetails(await call('GET', url));
        expect(details, url).toEqual([expect.objectContaining({ field: 'supplierId' })]);
      }
    }
  });

  it('refuses a history download count in exponent or hexadecimal form', async () => {
    const { orderItem } = line('keystone');
    const download = (count: string) =>
      call('GET', `/api/broadbandKeystone/${orderItem}/sessionHistory/download?count=${count}`);
    expect((await download('5')).statusCode).toBe(200);
    for (const count of ['1e3', '5e0', '0x5', '%205', '5.0', '05']) {
      expect(refusedDetails(await download(count)), count).toEqual([expect.objectContaining({ field: 'count' })]);
    }
  });

  it('refuses the add-on type and page size, and the search counts, in any spelling but digits', async () => {
    const { orderItem } = line('halo');
    for (const url of [
      `/api/mobileHalo/TariffAddons?type=0x3&pagesize=100&orderItemId=${orderItem}`,
      `/api/mobileHalo/TariffAddons?type=3&pagesize=1e2&orderItemId=${orderItem}`,
      '/api/companies/search?searchTerm=Ltd&count=5e0',
      '/api/companies/search?searchTerm=Ltd&top=1e2',
    ]) {
      expect(refusedDetails(await call('GET', url)), url).toHaveLength(1);
    }
    expect((await call('GET', '/api/companies/search?searchTerm=Ltd&count=5&top=100')).statusCode).toBe(200);
  });
});
