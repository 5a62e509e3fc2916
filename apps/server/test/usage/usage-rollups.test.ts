import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILL_UNBILLED_CALLS } from '../../src/db/migrations/0017-unbilled-calls-rollup.js';
import { USAGE_DAILY_WINDOW_START } from '../../src/db/migrations/0031-usage-daily.js';
import { type TestDatabase, testEngines } from '../support/test-databases.js';
import {
  type CallRecord,
  companyUsageMonthOf,
  insertCompanyWithLines,
  insertRecords,
  rollupDisagreements,
  siteUsageMonthOf,
  type Totals,
  teamUsageMonthOf,
  totalsOf,
  usageMonthOf,
} from './usage-fixtures.js';

const ZERO: Totals = { cost: 0, duration: 0, calls: 0, bytes: 0 };

function expectTotals(actual: Totals, expected: Totals) {
  expect(actual.cost).toBeCloseTo(expected.cost, 4);
  expect({ ...actual, cost: 0 }).toEqual({ ...expected, cost: 0 });
}

describe.each(testEngines())('usage rollups kept by trigger on $name', (engine) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let world: Awaited<ReturnType<typeof insertCompanyWithLines>>;

  beforeAll(async () => {
    database = await engine.create('migrated');
    world = await insertCompanyWithLines(db(), '1');
  });
  afterAll(() => database?.dispose());

  it('adds inserted records to their endpoint month and company month, bucketed by the UK calendar', async () => {
    const records: CallRecord[] = [
      {
        endpoint_id: world.mobileId,
        started_at: '2026-03-10T09:00:00Z',
        record_type: 'voice',
        duration: 125,
        bytes: 0,
        cost: 0.18,
      },
      {
        endpoint_id: world.mobileId,
        started_at: '2026-03-12T09:00:00Z',
        record_type: 'sms',
        duration: 0,
        bytes: 0,
        cost: 0.12,
      },
      {
        endpoint_id: world.mobileId,
        started_at: '2026-03-14T09:00:00Z',
        record_type: 'data',
        duration: 600,
        bytes: 52_428_800,
        cost: 0.5,
      },
      // 00:30 on 1 April in London (BST): April's, though still March in UTC.
      {
        endpoint_id: world.mobileId,
        started_at: '2026-03-31T23:30:00Z',
        record_type: 'voice',
        duration: 61,
        bytes: 0,
        cost: 0.0512,
      },
      {
        endpoint_id: world.broadbandId,
        started_at: '2026-03-20T09:00:00Z',
        record_type: 'data',
        duration: 3600,
        bytes: 2_147_483_648,
        cost: 0,
      },
    ];
    await insertRecords(db(), records);

    const march = records.slice(0, 3);
    const april = records.slice(3, 4);
    expectTotals(await usageMonthOf(db(), world.mobileId, '2026-03-01'), totalsOf(march));
    expectTotals(await usageMonthOf(db(), world.mobileId, '2026-04-01'), totalsOf(april));
    expectTotals(await companyUsageMonthOf(db(), world.companyId, 1, '2026-03-01'), totalsOf(march));
    expectTotals(await companyUsageMonthOf(db(), world.companyId, 3, '2026-03-01'), totalsOf(records.slice(4)));
    expectTotals(await siteUsageMonthOf(db(), world.siteId, 1, '2026-03-01'), totalsOf(march));

    // A second batch adds to what is there.
    const more: CallRecord[] = [
      {
        endpoint_id: world.mobileId,
        started_at: '2026-03-28T09:00:00Z',
        record_type: 'voice',
        duration: 30,
        bytes: 0,
        cost: 0.06,
      },
    ];
    await insertRecords(db(), more);
    expectTotals(await usageMonthOf(db(), world.mobileId, '2026-03-01'), totalsOf([...march, ...more]));
    expect(await rollupDisagreements(db())).toEqual([]);
  });

  it('follows updates of counted columns, moves between months, and ignores billing', async () => {
    const before = await usageMonthOf(db(), world.mobileId, '2026-05-01');
    expect(before).toEqual(ZERO);
    await insertRecords(db(), [
      {
        endpoint_id: world.mobileId,
        started_at: '2026-05-02T09:00:00Z',
        record_type: 'voice',
        duration: 100,
        bytes: 0,
        cost: 1,
      },
    ]);
    const record = await db()
      .selectFrom('call_detail_records')
      .select('id')
      .where('endpoint_id', '=', world.mobileId)
      .where('started_at', '=', new Date('2026-05-02T09:00:00Z'))
      .executeTakeFirstOrThrow();

    await db()
      .updateTable('call_detail_records')
      .set({ duration: 160, cost: 1.5 })
      .where('id', '=', record.id)
      .execute();
    expectTotals(await usageMonthOf(db(), world.mobileId, '2026-05-01'), {
      cost: 1.5,
      duration: 160,
      calls: 1,
      bytes: 0,
    });

    const invoice = await db()
      .insertInto('invoices')
      .values({
        company_id: world.companyId,
        invoice_number: 'INV-USAGE-1',
        bill_date: '2026-06-05',
        period_start: '2026-05-01',
        period_end: '2026-05-31',
        web_data_physical_location: 'invoices/test/2026-05',
        pdf_file_name: 'a.pdf',
        cdr_file_name: 'a.csv',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('call_detail_records').set({ invoice_id: invoice.id }).where('id', '=', record.id).execute();
    expectTotals(await usageMonthOf(db(), world.mobileId, '2026-05-01'), {
      cost: 1.5,
      duration: 160,
      calls: 1,
      bytes: 0,
    });

    await db()
      .updateTable('call_detail_records')
      .set({ started_at: new Date('2026-06-02T09:00:00Z') })
      .where('id', '=', record.id)
      .execute();
    expectTotals(await usageMonthOf(db(), world.mobileId, '2026-05-01'), ZERO);
    expectTotals(await usageMonthOf(db(), world.mobileId, '2026-06-01'), {
      cost: 1.5,
      duration: 160,
      calls: 1,
      bytes: 0,
    });
    expect(await rollupDisagreements(db())).toEqual([]);
  });

  it('subtracts deleted records', async () => {
    const april = await usageMonthOf(db(), world.mobileId, '2026-04-01');
    expect(april.calls).toBe(1);
    await db()
      .deleteFrom('call_detail_records')
      .where('endpoint_id', '=', world.mobileId)
      .where('started_at', '=', new Date('2026-03-31T23:30:00Z'))
      .execute();
    expectTotals(await usageMonthOf(db(), world.mobileId, '2026-04-01'), ZERO);
    expectTotals(await companyUsageMonthOf(db(), world.companyId, 1, '2026-04-01'), ZERO);
    expect(await rollupDisagreements(db())).toEqual([]);
  });

  it('leaves usage_monthly to a bulk load, whose own rollup the company totals still follow', async () => {
    const month = '2026-07-01';
    const bulk: CallRecord[] = [
      {
        endpoint_id: world.mobileId,
        started_at: '2026-07-03T09:00:00Z',
        record_type: 'voice',
        duration: 90,
        bytes: 0,
        cost: 0.3,
      },
    ];
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT set_config('portal.bulk_load', 'on', true)`.execute(trx);
        await insertRecords(trx, bulk);
      });
    expectTotals(await usageMonthOf(db(), world.mobileId, month), ZERO);

    // What the demo-data load does after copying records: one INSERT into usage_monthly of its own totals, and a
    // count of the unbilled calls.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT set_config('portal.bulk_load', 'on', true)`.execute(trx);
        await trx
          .insertInto('usage_monthly')
          .values({ endpoint_id: world.mobileId, company_id: world.companyId, month, ...totalsOf(bulk) })
          .execute();
        await sql.raw(FILL_UNBILLED_CALLS).execute(trx);
      });
    expectTotals(await companyUsageMonthOf(db(), world.companyId, 1, month), totalsOf(bulk));
    expect(await rollupDisagreements(db())).toEqual([]);
  });

  it("moves a line's months with it to another site, or to none", async () => {
    const month = '2026-09-01';
    const records: CallRecord[] = [
      {
        endpoint_id: world.mobileId,
        started_at: '2026-09-03T09:00:00Z',
        record_type: 'voice',
        duration: 42,
        bytes: 0,
        cost: 0.7,
      },
    ];
    await insertRecords(db(), records);
    const lines = await db()
      .selectFrom('endpoints')
      .select(['id', 'site_id'])
      .where('company_id', '=', world.companyId)
      .execute();
    const onSite = (siteId: number) => lines.filter((l) => l.site_id === siteId).length;
    expect(onSite(world.siteId)).toBe(2);
    const mobileMonth = await usageMonthOf(db(), world.mobileId, month);
    expectTotals(await siteUsageMonthOf(db(), world.siteId, 1, month), mobileMonth);

    const address = await db()
      .selectFrom('sites')
      .select('address_id')
      .where('id', '=', world.siteId)
      .executeTakeFirstOrThrow();
    const branch = await db()
      .insertInto('sites')
      .values({ company_id: world.companyId, name: 'Branch', address_id: address.address_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('endpoints').set({ site_id: branch.id }).where('id', '=', world.mobileId).execute();
    expectTotals(await siteUsageMonthOf(db(), world.siteId, 1, month), ZERO);
    expectTotals(await siteUsageMonthOf(db(), branch.id, 1, month), mobileMonth);
    expectTotals(await companyUsageMonthOf(db(), world.companyId, 1, month), mobileMonth);
    expect(await rollupDisagreements(db())).toEqual([]);

    await db().updateTable('endpoints').set({ site_id: null }).where('id', '=', world.mobileId).execute();
    expectTotals(await siteUsageMonthOf(db(), branch.id, 1, month), ZERO);
    await insertRecords(db(), records);
    expect(await rollupDisagreements(db())).toEqual([]);
    await db().updateTable('endpoints').set({ site_id: world.siteId }).where('id', '=', world.mobileId).execute();
    expectTotals(await siteUsageMonthOf(db(), world.siteId, 1, month), await usageMonthOf(db(), world.mobileId, month));
    expect(await rollupDisagreements(db())).toEqual([]);
  });

  it("keeps a team's months as lines join and leave it, and lets a team go", async () => {
    const month = '2026-10-01';
    const call: CallRecord = {
      endpoint_id: world.mobileId,
      started_at: '2026-10-07T09:00:00Z',
      record_type: 'voice',
      duration: 30,
      bytes: 0,
      cost: 0.25,
    };
    await insertRecords(db(), [call]);
    const team = await db()
      .insertInto('teams')
      .values({ company_id: world.companyId, name: 'Drivers' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const join = () =>
      db()
        .insertInto('team_endpoints')
        .values({ team_id: team.id, endpoint_id: world.mobileId, company_id: world.companyId })
        .execute();
    const leave = () =>
      db()
        .deleteFrom('team_endpoints')
        .where('team_id', '=', team.id)
        .where('endpoint_id', '=', world.mobileId)
        .execute();

    await join();
    const lineMonth = await usageMonthOf(db(), world.mobileId, month);
    expectTotals(await teamUsageMonthOf(db(), team.id, 1, month), lineMonth);
    await insertRecords(db(), [call]);
    expectTotals(await teamUsageMonthOf(db(), team.id, 1, month), await usageMonthOf(db(), world.mobileId, month));
    expect(await rollupDisagreements(db())).toEqual([]);

    await leave();
    expectTotals(await teamUsageMonthOf(db(), team.id, 1, month), ZERO);
    expect(await rollupDisagreements(db())).toEqual([]);

    await join();
    await db().deleteFrom('teams').where('id', '=', team.id).execute();
    expect(
      await db().selectFrom('team_usage_monthly').select('month').where('team_id', '=', team.id).execute(),
    ).toEqual([]);
    expect(await rollupDisagreements(db())).toEqual([]);
  });

  it("takes a deleted endpoint's usage out of its company's totals, and lets a company go", async () => {
    const other = await insertCompanyWithLines(db(), '2');
    const records: CallRecord[] = [
      {
        endpoint_id: other.mobileId,
        started_at: '2026-08-03T09:00:00Z',
        record_type: 'voice',
        duration: 90,
        bytes: 0,
        cost: 0.3,
      },
      {
        endpoint_id: other.broadbandId,
        started_at: '2026-08-03T09:00:00Z',
        record_type: 'data',
        duration: 60,
        bytes: 1000,
        cost: 0,
      },
    ];
    await insertRecords(db(), records);
    expectTotals(await companyUsageMonthOf(db(), other.companyId, 1, '2026-08-01'), totalsOf(records.slice(0, 1)));

    await db().deleteFrom('endpoints').where('id', '=', other.mobileId).execute();
    expectTotals(await companyUsageMonthOf(db(), other.companyId, 1, '2026-08-01'), ZERO);
    expectTotals(await siteUsageMonthOf(db(), other.siteId, 1, '2026-08-01'), ZERO);
    expectTotals(await companyUsageMonthOf(db(), other.companyId, 3, '2026-08-01'), totalsOf(records.slice(1)));
    expect(await rollupDisagreements(db())).toEqual([]);

    await db().deleteFrom('companies').where('id', '=', other.companyId).execute();
    expect(
      await db()
        .selectFrom('company_usage_monthly')
        .select('month')
        .where('company_id', '=', other.companyId)
        .execute(),
    ).toEqual([]);
    expect(await rollupDisagreements(db())).toEqual([]);
  });
});

describe.each(testEngines())('company rollup after a demo-data load on $name', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await engine.create('demo data');
  });
  afterAll(() => database?.dispose());

  it("agrees with the load's own usage_monthly, which the load writes with the call-record trigger off", async () => {
    const rows = await database.handle.db
      .selectFrom('company_usage_monthly')
      .select(database.handle.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBeGreaterThan(0);
    expect(await rollupDisagreements(database.handle.db)).toEqual([]);
  });
});

describe.each(testEngines())('daily usage kept by trigger on $name', (engine) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let world: Awaited<ReturnType<typeof insertCompanyWithLines>>;

  beforeAll(async () => {
    database = await engine.create('migrated');
    world = await insertCompanyWithLines(db(), '7');
  });
  afterAll(() => database?.dispose());

  const dayOf = async (day: string) =>
    db()
      .selectFrom('usage_daily')
      .select(['cost', 'roaming_cost', 'calls', 'bytes', 'company_id'])
      .where('endpoint_id', '=', world.mobileId)
      .where('day', '=', day)
      .executeTakeFirst();

  it('keeps each London day of the window with its roaming cost, and ignores records before the window', async () => {
    // Yesterday noon in London is inside the window whatever today is; four months ago never is.
    const { rows } = await sql<{ yesterday: string; noon: string; old: string }>`
      SELECT to_char((now() AT TIME ZONE 'Europe/London')::date - 1, 'YYYY-MM-DD') AS yesterday,
             to_char(((now() AT TIME ZONE 'Europe/London')::date - 1 + time '12:00') AT TIME ZONE 'Europe/London',
                     'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS noon,
             to_char(now() - interval '4 months', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS old`.execute(db());
    const { yesterday, noon, old } = rows[0] ?? { yesterday: '', noon: '', old: '' };
    await insertRecords(db(), [
      { endpoint_id: world.mobileId, started_at: noon, record_type: 'voice', duration: 60, bytes: 0, cost: 0.25 },
      {
        endpoint_id: world.mobileId,
        started_at: noon,
        record_type: 'data',
        duration: 0,
        bytes: 1_048_576,
        cost: 1.5,
        destination: 'EU Roaming Data',
      },
      { endpoint_id: world.mobileId, started_at: old, record_type: 'voice', duration: 60, bytes: 0, cost: 9 },
    ]);
    const day = await dayOf(yesterday);
    expect(Number(day?.cost)).toBeCloseTo(1.75, 4);
    expect(Number(day?.roaming_cost)).toBeCloseTo(1.5, 4);
    expect(Number(day?.calls)).toBe(1);
    expect(Number(day?.bytes)).toBe(1_048_576);
    expect(day?.company_id).toBe(world.companyId);
    const before = await db()
      .selectFrom('usage_daily')
      .select('day')
      .where('endpoint_id', '=', world.mobileId)
      .where('day', '<', sql<string>`${sql.raw(USAGE_DAILY_WINDOW_START)}`)
      .execute();
    expect(before).toEqual([]);
    expect(await rollupDisagreements(db())).toEqual([]);

    await db()
      .deleteFrom('call_detail_records')
      .where('endpoint_id', '=', world.mobileId)
      .where('cost', '=', 1.5)
      .execute();
    expect(Number((await dayOf(yesterday))?.roaming_cost)).toBe(0);
    expect(await rollupDisagreements(db())).toEqual([]);
  });
});
