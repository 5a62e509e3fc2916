import { NOTIFICATION_MESSAGES as MESSAGES, PENDING_THRESHOLD_DAYS, PendingCheckSchema } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../support/test-app.js';
import { lineOf, useSessions } from './api-calls.js';

const context = useDemoApp();
const get = useSessions(context, ['acme.admin', 'acme.mobile', 'acme.finance', 'globex.admin']);
const db = () => context.database.db;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Line = Awaited<ReturnType<typeof lineOf>>;
let line: Line;

beforeAll(async () => {
  line = await lineOf(context.database, 'acme.mobile');
  // The check is about this file's own requests for changes: settle any the demo data left in flight on the line.
  await db()
    .updateTable('order_items')
    .set({ status: 'Succeeded', stage: 'Completion' })
    .where('endpoint_id', '=', line.id)
    .where('status', 'not in', ['Succeeded', 'Failed'])
    .execute();
});

/** Places a request for changes on the line `age` ago; returns a function that removes it again. */
async function placeChange(
  age: number,
  status: 'Placed' | 'In Progress' | 'Awaiting Action' | 'Failed' = 'In Progress',
) {
  const order = await db()
    .insertInto('orders')
    .values({
      company_id: line.company_id,
      order_type: 'mobile',
      reference: `MOB-PENDING-${Math.round(age)}-${status.replace(' ', '')}-${Math.random().toString(36).slice(2, 8)}`,
      created_date: new Date(Date.now() - age),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await db()
    .insertInto('order_items')
    .values({
      order_id: order.id,
      company_id: line.company_id,
      endpoint_id: line.id,
      cli: line.identifier,
      product: 'Call barring change',
      order_item_type: 'Bar Change',
      status,
      stage: 'Provisioning',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { itemId: item.id, remove: () => db().deleteFrom('orders').where('id', '=', order.id).execute() };
}

const check = (user: string | undefined, cli: string, orderItemId: number) =>
  get(user, `/api/orders/pending/${encodeURIComponent(cli)}/${orderItemId}`);

/** The message the device and contract pages show for a check (spec 4). */
function messageFor(result: { isPending: boolean; daysPending: number }) {
  if (!result.isPending) return undefined;
  return result.daysPending <= PENDING_THRESHOLD_DAYS
    ? MESSAGES.pendingChangesProcessing
    : MESSAGES.pendingChangesContactSupport;
}

describe('GET /api/orders/pending/{cli}/{orderItemId}', () => {
  it('needs sign-in and EndPointSummary Read', async () => {
    expect((await check(undefined, line.identifier, line.orderItemId)).statusCode).toBe(401);
    expect((await check('acme.finance', line.identifier, line.orderItemId)).statusCode).toBe(403);
  });

  it('answers not pending when every request on the line has finished, never from a cache', async () => {
    const response = await check('acme.mobile', line.identifier, line.orderItemId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(PendingCheckSchema.parse(response.json())).toEqual({ isPending: false, daysPending: 0 });
    const failed = await placeChange(10 * DAY_MS, 'Failed');
    try {
      expect((await check('acme.mobile', line.identifier, line.orderItemId)).json()).toEqual({
        isPending: false,
        daysPending: 0,
      });
    } finally {
      await failed.remove();
    }
  });

  it.each([
    ['just now', 0, 0, MESSAGES.pendingChangesProcessing],
    ['3 days and an hour ago', 3 * DAY_MS + HOUR_MS, 3, MESSAGES.pendingChangesProcessing],
    ['4 days and an hour ago', 4 * DAY_MS + HOUR_MS, 4, MESSAGES.pendingChangesContactSupport],
  ])('counts a request placed %s as %i whole days pending', async (_label, age, days, message) => {
    const change = await placeChange(age);
    try {
      for (const itemId of [line.orderItemId, change.itemId]) {
        const response = await check('acme.mobile', line.identifier, itemId);
        expect(response.statusCode).toBe(200);
        const result = PendingCheckSchema.parse(response.json());
        expect(result).toEqual({ isPending: true, daysPending: days });
        expect(messageFor(result)).toBe(message);
      }
    } finally {
      await change.remove();
    }
  });

  it('counts from the oldest request still in flight, whatever its status', async () => {
    const recent = await placeChange(HOUR_MS, 'Placed');
    const waiting = await placeChange(5 * DAY_MS, 'Awaiting Action');
    try {
      expect((await check('acme.admin', line.identifier, recent.itemId)).json()).toEqual({
        isPending: true,
        daysPending: 5,
      });
    } finally {
      await recent.remove();
      await waiting.remove();
    }
  });

  it("answers 404 for an item that is not the line's, and for a line outside the estate", async () => {
    const otherItem = await db()
      .selectFrom('order_items')
      .select('id')
      .where('company_id', '=', line.company_id)
      .where('endpoint_id', '!=', line.id)
      .executeTakeFirstOrThrow();
    expect((await check('acme.admin', line.identifier, otherItem.id)).statusCode).toBe(404);
    expect((await check('acme.admin', '07000000000', line.orderItemId)).statusCode).toBe(404);
    const foreign = await check('globex.admin', line.identifier, line.orderItemId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    // An endpoint-level user sees only their own line, even of their own company.
    const colleague = await db()
      .selectFrom('contracts')
      .innerJoin('endpoints', 'endpoints.id', 'contracts.endpoint_id')
      .select(['endpoints.identifier', 'contracts.order_item_id'])
      .where('endpoints.company_id', '=', line.company_id)
      .where('endpoints.id', '!=', line.id)
      .executeTakeFirstOrThrow();
    expect((await check('acme.mobile', colleague.identifier, colleague.order_item_id)).statusCode).toBe(404);
    expect((await check('acme.admin', colleague.identifier, colleague.order_item_id)).statusCode).toBe(200);
  });
});
