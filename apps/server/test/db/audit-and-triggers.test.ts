import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAs } from '../../src/db/audit.js';
import { insertPartner, insertUser } from '../support/factories.js';
import { type TestDatabase, testEngines } from '../support/test-databases.js';

describe.each(testEngines())('audit log and order status on $name', (engine) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let companyId: number;
  let userId: number;

  beforeAll(async () => {
    database = await engine.create('migrated');
    const partnerId = await insertPartner(db(), 'test');
    companyId = (
      await db()
        .insertInto('companies')
        .values({ partner_id: partnerId, name: 'Test Co Ltd', account_number: 'TS000001' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    userId = await insertUser(db(), partnerId, 'test.user');
  });
  afterAll(() => database?.dispose());

  it('records who changed what, before and after, without secrets', async () => {
    const teamId = await writeAs(db(), { userId, requestId: 'req-1' }, async (trx) => {
      const team = await trx
        .insertInto('teams')
        .values({ company_id: companyId, name: 'Sales' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('teams').set({ name: 'Sales North' }).where('id', '=', team.id).execute();
      await trx
        .insertInto('user_credentials')
        .values({ user_id: userId, password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' })
        .execute();
      return team.id;
    });
    const entries = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', '=', 'req-1')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.table_name, e.operation, e.actor_user_id])).toEqual([
      ['teams', 'INSERT', userId],
      ['teams', 'UPDATE', userId],
      ['user_credentials', 'INSERT', userId],
    ]);
    expect(entries[1]).toMatchObject({
      row_key: { id: teamId },
      before: { name: 'Sales' },
      after: { name: 'Sales North' },
    });
    expect(entries[2]?.row_key).toEqual({ user_id: userId });
    expect(JSON.stringify(entries[2]?.after)).not.toContain('argon2id');
  });

  it('rolls the audit entry back with a failed write', async () => {
    await expect(
      writeAs(db(), { userId, requestId: 'req-2' }, async (trx) => {
        await trx.insertInto('teams').values({ company_id: companyId, name: 'Doomed' }).execute();
        await trx
          .insertInto('teams')
          .values({ company_id: companyId, name: 'x'.repeat(101) })
          .execute();
      }),
    ).rejects.toThrow();
    expect(await db().selectFrom('audit_log').select('id').where('request_id', '=', 'req-2').execute()).toEqual([]);
    expect(await db().selectFrom('teams').select('id').where('name', '=', 'Doomed').execute()).toEqual([]);
  });

  it("keeps each order's status and stage those of its slowest item", async () => {
    const order = await db()
      .insertInto('orders')
      .values({ company_id: companyId, order_type: 'mobile', reference: 'MOB-T1', created_date: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = (status: string, stage: string) => ({
      order_id: order.id,
      company_id: companyId,
      cli: '07700900001',
      product: 'Business 30GB 5G',
      order_item_type: 'New Connection',
      status,
      stage,
    });
    const statusOf = async () =>
      db()
        .selectFrom('orders')
        .select(['slowest_order_item_status as status', 'slowest_order_item_stage as stage'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();

    const done = await db()
      .insertInto('order_items')
      .values(item('Succeeded', 'Completion'))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await statusOf()).toEqual({ status: 'Succeeded', stage: 'Completion' });
    const slow = await db()
      .insertInto('order_items')
      .values(item('In Progress', 'Provisioning'))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await statusOf()).toEqual({ status: 'In Progress', stage: 'Provisioning' });
    await db().updateTable('order_items').set({ status: 'Failed' }).where('id', '=', done.id).execute();
    expect(await statusOf()).toEqual({ status: 'Failed', stage: 'Completion' });
    await db().deleteFrom('order_items').where('id', '=', done.id).execute();
    expect(await statusOf()).toEqual({ status: 'In Progress', stage: 'Provisioning' });
    await db()
      .updateTable('order_items')
      .set({ status: 'Succeeded', stage: 'Completion' })
      .where('id', '=', slow.id)
      .execute();
    expect(await statusOf()).toEqual({ status: 'Succeeded', stage: 'Completion' });
  });
});
