import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { USER_NAME_CHARACTERS_MESSAGE, VALIDATION_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../support/test-app.js';
import { caller, type ErrorBody, profileIdOf, siteWithDevice, userIdOf } from './admin-support.js';

/*
 * Usernames are sign-in names, unique across every partner: a new one must not be a look-alike of one that exists
 * (docs/decisions/0125). Other scripts' letters are refused by the contract's rule; the look-alikes left within
 * ASCII are taken, in the check and in the save, and the database's unique index settles two saves at once.
 */
const context = useDemoApp(() => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-user-names-')) }));
const db = () => context.database.db;
const call = caller(() => context.app);
const check = (body: Record<string, unknown>) => call('acme.admin', 'POST', '/api/users/isUserNameUnique', body);

async function siteManager(userName: string) {
  const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
  const profileId = await profileIdOf(db(), 'Site Manager');
  return {
    userName,
    emailAddress: 'look.alike@example.co.uk',
    profileId,
    functionalityIds: [],
    sites: [{ id: siteId }],
  };
}

const TAKEN = { field: 'userName', rule: 'unique', message: VALIDATION_MESSAGES.userNameTaken };

describe('a username that looks like one that exists', () => {
  it.each([
    ['rn for m', 'acme.adrnin'],
    ['a capital I for l', 'ACME.ADMlN'],
    ['a digit 1 for i', 'acme.adm1n'],
    ['a digit 0 for o', 'acme.m0bile'],
    ['an l for i', 'acme.admln'],
    ['another partner’s name, disguised', 'wayne.adrnin'],
  ])('is taken (%s: %s), in the check and in the save', async (_how, userName) => {
    const answer = await check({ userName });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toBe(false);
    const save = await call('acme.admin', 'POST', '/api/users', await siteManager(userName));
    expect(save.statusCode, save.body).toBe(400);
    expect((save.json() as ErrorBody).details).toEqual([TAKEN]);
  });

  it.each([
    ['a Cyrillic і', 'acme.adm\u0456n'],
    ['a Greek ο', 'acme.m\u03bfbile'],
    ['a fullwidth letter', '\uff41cme.admin'],
  ])('is refused for its characters (%s), before any lookup', async (_how, userName) => {
    for (const response of [
      await check({ userName }),
      await call('acme.admin', 'POST', '/api/users', await siteManager(userName)),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as ErrorBody).details).toEqual([
        { field: 'userName', rule: 'invalid_format', message: USER_NAME_CHARACTERS_MESSAGE },
      ]);
    }
  });

  it('is free when it only looks like the edited user’s own name', async () => {
    const financeId = await userIdOf(db(), 'acme.finance');
    expect((await check({ id: financeId, userName: 'ACME.FlNANCE' })).json()).toBe(true);
    expect((await check({ userName: 'ACME.FlNANCE' })).json()).toBe(false);
  });

  it('leaves names that only share letters free', async () => {
    expect((await check({ userName: 'acme.admin.deputy' })).json()).toBe(true);
    expect((await check({ userName: 'acme.adman' })).json()).toBe(true);
  });

  it('is refused by the database itself, so two saves at once cannot both win', async () => {
    const template = await db()
      .selectFrom('users')
      .select(['partner_id', 'profile_id'])
      .where('user_name', '=', 'acme.admin')
      .executeTakeFirstOrThrow();
    const insert = (userName: string) =>
      db()
        .insertInto('users')
        .values({ ...template, user_name: userName, email_address: `${userName}@example.co.uk` })
        .execute();
    await expect(insert('acme.adrnin')).rejects.toMatchObject({ code: '23505' });
    await expect(insert('ACME.ADMlN')).rejects.toMatchObject({ code: '23505' });

    const saves = await Promise.all(
      ['race.narne', 'race.name', 'RACE.NARNE'].map(async (name) =>
        call('acme.admin', 'POST', '/api/users', await siteManager(name)),
      ),
    );
    expect(saves.map((save) => save.statusCode).sort()).toEqual([201, 400, 400]);
    for (const save of saves.filter((response) => response.statusCode === 400)) {
      expect((save.json() as ErrorBody).details).toEqual([TAKEN]);
    }
  });
});
