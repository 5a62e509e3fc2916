import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiErrorSchema, VALIDATION_MESSAGES } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';
import { type ErrorBody, profileIdOf, siteWithDevice } from './admin-support.js';

/*
 * The username check answers whether a name is taken across every partner, so it is throttled per caller and per
 * address (docs/decisions/0124): enough for the user form's check as one types, too few to list who exists.
 */
const context = useDemoApp(() => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-name-checks-')) }));
const sessions: Record<string, SignedIn> = {};
const PER_CALLER = 30;
const PER_ADDRESS = 60;

beforeAll(async () => {
  for (const name of ['acme.admin', 'globex.admin', 'multi.admin', 'wayne.admin']) {
    sessions[name] = await signIn(context.app, name);
  }
});

const check = (caller: string, remoteAddress: string, userName = 'wayne.admin') =>
  context.app.inject({
    method: 'POST',
    url: '/api/users/isUserNameUnique',
    remoteAddress,
    headers: bearer(sessions[caller]?.accessToken ?? ''),
    payload: { userName },
  });

async function checks(caller: string, remoteAddress: string, count: number) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    statuses.push((await check(caller, remoteAddress, `probe.${caller}.${index}`)).statusCode);
  }
  return statuses;
}

describe('POST /api/users/isUserNameUnique, many times', () => {
  it(`answers a caller ${PER_CALLER} times a minute, then 429 in the error shape with Retry-After`, async () => {
    const first = await check('acme.admin', '192.0.2.1');
    expect(first.statusCode).toBe(200);
    // Another partner's user: usernames are global sign-in names, so the answer is the truth, yes or no only.
    expect(first.json()).toBe(false);
    expect(await checks('acme.admin', '192.0.2.1', PER_CALLER - 1)).toEqual(Array(PER_CALLER - 1).fill(200));

    const refused = await check('acme.admin', '192.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(refused.json())).toMatchObject({ statusCode: 429, code: 'too_many_requests' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    // Another address does not help the same caller.
    expect((await check('acme.admin', '198.51.100.7')).statusCode).toBe(429);
  });

  it('counts each caller apart: another administrator at another address is answered', async () => {
    expect((await check('globex.admin', '203.0.113.5')).statusCode).toBe(200);
  });

  it(`answers one address ${PER_ADDRESS} times a minute whoever asks (an IPv6 caller by its /64)`, async () => {
    const office = '2001:db8:1:2::10';
    expect(await checks('wayne.admin', office, PER_CALLER)).toEqual(Array(PER_CALLER).fill(200));
    expect(await checks('multi.admin', '2001:db8:1:2::11', PER_ADDRESS - PER_CALLER)).toEqual(
      Array(PER_ADDRESS - PER_CALLER).fill(200),
    );
    const refused = await check('globex.admin', '2001:db8:1:2:ffff::1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
    expect((await check('globex.admin', '2001:db8:9:9::1')).statusCode).toBe(200);
  });

  it('does not throttle the save: a taken name is still refused as taken, not 429', async () => {
    const { siteId } = await siteWithDevice(context.database.db, 'Acme Logistics Ltd');
    const save = await context.app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: '192.0.2.1',
      headers: bearer(sessions['acme.admin']?.accessToken ?? ''),
      payload: {
        userName: 'Wayne.Admin',
        emailAddress: 'someone@example.co.uk',
        profileId: await profileIdOf(context.database.db, 'Site Manager'),
        functionalityIds: [],
        sites: [{ id: siteId }],
      },
    });
    expect(save.statusCode).toBe(400);
    expect((save.json() as ErrorBody).details).toEqual([
      { field: 'userName', rule: 'unique', message: VALIDATION_MESSAGES.userNameTaken },
    ]);
  });

  it('counts no check the contract refuses: it reads nothing, so it tells nothing', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < PER_CALLER + 5; index += 1) {
      statuses.push((await check('multi.admin', `192.0.2.${100 + index}`, ' ')).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([400]));
  });
});
