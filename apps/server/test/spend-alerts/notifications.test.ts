import type { Notification } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeOldUsageDays } from '../../src/jobs/purge-usage-daily.js';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

// The caller's own notices (decision 0214): newest first, paged and counted, the unread filtered and counted, read
// one by one or all at once; another user's notice is 404 to every call. And the daily purge of usage_daily.

const context = useDemoApp();
const db = () => context.database.db;
const users = { admin: 0, other: 0, company: 0 };
let token = '';

const notice = (userId: number, title: string, minutesAgo: number) =>
  db()
    .insertInto('notifications')
    .values({
      user_id: userId,
      company_id: users.company,
      kind: 'spendAlert',
      title,
      body: `${title}: the figures`,
      created_at: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  const idOf = async (userName: string) =>
    (await db().selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
  users.admin = await idOf('acme.admin');
  users.other = await idOf('acme.sitemanager');
  users.company = (
    await db().selectFrom('companies').select('id').where('name', '=', 'Acme Logistics Ltd').executeTakeFirstOrThrow()
  ).id;
  token = (await signIn(context.app, 'acme.admin')).accessToken;
});

const call = (method: 'GET' | 'POST', url: string) => context.app.inject({ method, url, headers: bearer(token) });

describe('notices', () => {
  it("lists only the caller's own, newest first, and reads them; another's is 404", async () => {
    const oldest = await notice(users.admin, 'Oldest', 30);
    const newest = await notice(users.admin, 'Newest', 1);
    const middle = await notice(users.admin, 'Middle', 10);
    const theirs = await notice(users.other, 'Not yours', 0);

    const page = await call('GET', '/api/notifications?$top=2&$count=true');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<{ value: Notification[]; '@odata.count': number }>();
    expect(body['@odata.count']).toBe(3);
    expect(body.value.map((each) => each.title)).toEqual(['Newest', 'Middle']);
    expect(body.value[0]).toMatchObject({ companyName: 'Acme Logistics Ltd', readAt: null, bar: null, device: null });
    const rest = await call('GET', '/api/notifications?$top=2&$skip=2');
    expect(rest.json<{ value: Notification[] }>().value.map((each) => each.id)).toEqual([oldest.id]);

    expect((await call('GET', '/api/notifications/unreadCount')).json()).toEqual({ unread: 3 });
    expect((await call('POST', `/api/notifications/${middle.id}/read`)).statusCode).toBe(200);
    expect((await call('GET', '/api/notifications/unreadCount')).json()).toEqual({ unread: 2 });
    const unread = await call('GET', '/api/notifications?$filter=readAt%20eq%20null');
    expect(unread.json<{ value: Notification[] }>().value.map((each) => each.id)).toEqual([newest.id, oldest.id]);

    expect((await call('POST', `/api/notifications/${theirs.id}/read`)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${theirs.id}/undoBar`)).statusCode).toBe(404);
    const list = await call('GET', '/api/notifications');
    expect(list.json<{ value: Notification[] }>().value.map((each) => each.id)).not.toContain(theirs.id);

    expect((await call('POST', '/api/notifications/readAll')).json()).toEqual({ unread: 0 });
    const still = await db()
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', theirs.id)
      .executeTakeFirst();
    expect(still?.read_at).toBeNull();
  });

  it('answers 409 to an undo of a notice with no bar', async () => {
    const line = await db()
      .selectFrom('endpoints')
      .select('id')
      .where('company_id', '=', users.company)
      .where('endpoint_type_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const plain = await db()
      .insertInto('notifications')
      .values({
        user_id: users.admin,
        company_id: users.company,
        kind: 'spendAlert',
        title: 'No bar',
        body: 'Told only',
        endpoint_id: line.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('POST', `/api/notifications/${plain.id}/undoBar`)).statusCode).toBe(409);
  });
});

describe('the purge of usage_daily', () => {
  it('deletes the days before the first of last month (London) and keeps the rest', async () => {
    const line = await db()
      .selectFrom('usage_daily')
      .select(['endpoint_id', 'company_id'])
      .orderBy('endpoint_id')
      .executeTakeFirstOrThrow();
    const windowStart = sql<string>`(date_trunc('month', now() AT TIME ZONE 'Europe/London') - interval '1 month')::date`;
    for (const offset of [-1, 0]) {
      await db()
        .insertInto('usage_daily')
        .values({ ...line, day: sql<string>`${windowStart} + ${offset}::integer`, cost: 1 })
        .onConflict((conflict) => conflict.columns(['endpoint_id', 'day']).doNothing())
        .execute();
    }
    expect(await purgeOldUsageDays(db())).toBeGreaterThanOrEqual(1);
    const left = await db()
      .selectFrom('usage_daily')
      .select(sql<number>`count(*) FILTER (WHERE day < ${windowStart})`.as('old'))
      .select(sql<number>`count(*) FILTER (WHERE day = ${windowStart})`.as('first'))
      .where('endpoint_id', '=', line.endpoint_id)
      .executeTakeFirstOrThrow();
    expect(Number(left.old)).toBe(0);
    expect(Number(left.first)).toBe(1);
  });
});
