import { MessageSchema, odataList } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';

// Dates the API accepts must be dates it can store and read back: an instant outside years 1000..9999 UTC once made
// GET /api/messages answer 500 for every user of the partner, the sign-in page included.
const context = useDemoApp();
const MessageList = odataList(MessageSchema);
let staff: SignedIn;
beforeAll(async () => {
  staff = await signIn(context.app, 'northwind.staff');
});

const postMessage = (payload: Record<string, unknown>) =>
  context.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(staff.accessToken), payload });
const get = (url: string, token?: string) =>
  context.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const outOfRange = [
  { value: '9999-12-31T23:59:59-14:00', rule: 'too_big' },
  { value: '9999-12-31T23:59:59.999-00:01', rule: 'too_big' },
  { value: '2026-01-01T00:00:00+16:00', rule: 'invalid_format' },
  { value: '1000-01-01T00:00:00+00:01', rule: 'too_small' },
  { value: '0999-12-31T23:59:59Z', rule: 'too_small' },
  { value: '0000-01-01T00:00:00Z', rule: 'too_small' },
];

describe('dates a request may carry', () => {
  it.each(outOfRange)('refuses a message ending $value with a 400 naming endDate', async ({ value, rule }) => {
    const answer = await postMessage({ text: 'Far away', endDate: value });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ field: 'endDate', rule, message: expect.stringContaining('UTC') })],
    });
    expect((await get('/api/messages')).statusCode).toBe(200);
  });

  it('refuses more precision than milliseconds, which would not read back as sent', async () => {
    const answer = await postMessage({ text: 'Precise', startDate: '2026-01-01T00:00:00.1234Z' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([expect.objectContaining({ field: 'startDate' })]);
  });

  it('accepts the edges of the range and any offset within it, and answers them in UTC', async () => {
    const created = await postMessage({
      text: 'Edges',
      startDate: '1000-01-01T01:00:00+01:00',
      endDate: '9999-12-31T13:59:59.999-10:00',
    });
    expect(created.statusCode).toBe(201);
    expect(MessageSchema.parse(created.json())).toMatchObject({
      startDate: '1000-01-01T00:00:00.000Z',
      endDate: '9999-12-31T23:59:59.999Z',
    });
    const listed = MessageList.parse((await get('/api/messages')).json()).value;
    expect(listed).toContainEqual(MessageSchema.parse(created.json()));
    const updated = await context.app.inject({
      method: 'PUT',
      url: `/api/messages/${MessageSchema.parse(created.json()).id}`,
      headers: bearer(staff.accessToken),
      payload: { text: 'Edges', endDate: '+010000-01-01T00:00:00Z' },
    });
    expect(updated.statusCode).toBe(400);
  });

  it('refuses a cookie consent dated outside the range', async () => {
    const session = await signIn(context.app, 'acme.finance');
    const accept = (date: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/login/acceptCookiePolicy',
        headers: bearer(session.accessToken),
        payload: { isAccepted: true, date },
      });
    const refused = await accept('9999-12-31T23:59:59-14:00');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ field: 'date', rule: 'too_big' })]);
    expect((await accept('2026-11-21T10:00:00+01:00')).statusCode).toBe(200);
  });

  it.each([
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:30:00+01:00',
    '10000-01-01T00:00:00Z',
    '9999-12-31T23:00:00-14:00',
    '0000-01-01',
    '10000-01-01',
  ])('refuses the OData literal %s with a 400 naming $filter', async (literal) => {
    const admin = await signIn(context.app, 'acme.admin');
    const answer = await context.app.inject({
      method: 'GET',
      url: '/api/orders/mobile',
      query: { $filter: `createdDate gt ${literal}` },
      headers: bearer(admin.accessToken),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([expect.objectContaining({ field: '$filter' })]);
  });
});

describe('messages already stored with dates outside the range', () => {
  it('still list, with the date shown at the edge of the range', async () => {
    const partner = await context.database.db
      .selectFrom('partners')
      .select('id')
      .where('theme_code', '=', 'northwind')
      .executeTakeFirstOrThrow();
    const stored = await context.database.db
      .insertInto('messages')
      .values([
        { partner_id: partner.id, text: 'Stored far ahead', end_date: sql<Date>`'10000-01-01T13:59:59Z'::timestamptz` },
        { partner_id: partner.id, text: 'Stored without end', end_date: sql<Date>`'infinity'::timestamptz` },
        {
          partner_id: partner.id,
          text: 'Stored long ago',
          start_date: sql<Date>`'0044-03-15T12:00:00Z BC'::timestamptz`,
          end_date: sql<Date>`'0999-01-01T00:00:00Z'::timestamptz`,
        },
      ])
      .returning('id')
      .execute();
    const [ahead, endless, past] = stored.map((row) => row.id);

    const current = await get('/api/messages');
    expect(current.statusCode).toBe(200);
    const listed = MessageList.parse(current.json()).value;
    expect(listed).toContainEqual({ id: ahead, text: 'Stored far ahead', endDate: '9999-12-31T23:59:59.999Z' });
    expect(listed).toContainEqual({ id: endless, text: 'Stored without end', endDate: '9999-12-31T23:59:59.999Z' });
    expect(listed.map((message) => message.id)).not.toContain(past);

    const all = await get('/api/messages/all', staff.accessToken);
    expect(all.statusCode).toBe(200);
    expect(MessageList.parse(all.json()).value).toContainEqual({
      id: past,
      text: 'Stored long ago',
      startDate: '1000-01-01T00:00:00.000Z',
      endDate: '1000-01-01T00:00:00.000Z',
    });
    const one = await get(`/api/messages/${ahead}`, staff.accessToken);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ endDate: '9999-12-31T23:59:59.999Z' });
  });
});
