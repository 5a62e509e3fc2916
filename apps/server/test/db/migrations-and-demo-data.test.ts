import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { type Database, databaseColumns } from '../../src/db/schema.js';
import { loadDemoData } from '../../src/db/seed/load.js';
import { DEMO_ANCHOR_DAY } from '../support/database-templates.js';
import { type TestDatabase, testEngines } from '../support/test-databases.js';

const ANCHOR = DEMO_ANCHOR_DAY;

/** Rows per table, and the load's marker row: what a copy of the demo-data template must share with a fresh load. */
async function contentsOf(db: Kysely<Database>) {
  const rows: Record<string, number> = {};
  for (const table of Object.keys(databaseColumns)) {
    rows[table] = Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n,
    );
  }
  const marker = await db.selectFrom('demo_data').select(['size', 'seed', 'anchor_date']).execute();
  return { rows, marker };
}

describe.each(testEngines())('migrations and small demo data on $name', (engine) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db())).rows[0]?.n);

  beforeAll(async () => {
    database = await engine.create();
    const report = await migrateToLatest(database.handle.db);
    expect(report.applied).toEqual([
      '0001-initial-schema',
      '0002-functionality-and-profiles',
      '0003-sign-in',
      '0004-usage-rollups',
      '0005-search-indexes',
      '0006-temporary-passwords',
      '0007-diagnostics',
      '0008-fault-reports',
      '0009-fault-report-group-key',
      '0010-fault-report-repeats-and-quota',
      '0011-user-name-key',
      '0012-first-password',
      '0013-carrier-registry',
      '0014-unbilled-voice-index',
      '0015-principal-change-notices',
      '0016-company-membership-notices',
      '0017-unbilled-calls-rollup',
      '0018-user-endpoints-company',
      '0019-search-within-company',
      '0020-team-usage-rollup',
      '0021-server-secrets',
      '0022-email-outbox',
      '0023-stored-files',
      '0024-carrier-request-ids',
      '0025-scheduled-tasks',
      '0026-two-step-verification',
      '0027-sso-connections',
      '0028-company-sign-in-policies',
      '0029-sign-in-sessions',
      '0030-passkeys',
      '0031-usage-daily',
      '0032-spend-alerts',
      '0033-report-subscriptions',
      '0034-audit-trail-of-a-company',
      '0035-partner-logos',
      '0036-view-as-customer',
    ]);
    await loadDemoData(database.handle, { size: 'small', anchorDay: ANCHOR });
  });
  afterAll(() => database?.dispose());

  it.runIf(engine.name === 'postgres')('runs its statements without JIT, costing random reads as cached', async () => {
    const setting = async (name: string) =>
      (await sql<{ value: string }>`SELECT current_setting(${name}) AS value`.execute(db())).rows[0]?.value;
    expect(await setting('jit')).toBe('off');
    expect(await setting('random_page_cost')).toBe('1.1');
  });

  it('creates every table with exactly the columns the row types declare', async () => {
    const tables = await db().introspection.getTables();
    const actual = Object.fromEntries(
      tables.filter((t) => t.schema === 'public').map((t) => [t.name, t.columns.map((c) => c.name).sort()]),
    );
    for (const [table, columns] of Object.entries(databaseColumns)) {
      expect(actual[table], table).toEqual([...columns].sort());
    }
  });

  it('matches, table by table, the copy of the demo-data template that the other test files start from', async () => {
    const copy = await engine.create('demo data');
    try {
      const fresh = await contentsOf(db());
      expect(fresh.rows.call_detail_records).toBeGreaterThan(0);
      expect(await contentsOf(copy.handle.db)).toEqual(fresh);
    } finally {
      await copy.dispose();
    }
  });

  it('applies nothing when already at the newest version', async () => {
    expect((await migrateToLatest(db())).applied).toEqual([]);
  });

  it('refuses to load demo data twice', async () => {
    await expect(loadDemoData(database.handle, { size: 'small', anchorDay: ANCHOR })).rejects.toThrow(/already holds/);
  });

  it('has the demo accounts with their profiles and estates', async () => {
    const users = await db()
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.id', 'users.profile_id')
      .select(['users.user_name', 'profiles.name as profile', 'profiles.level'])
      .execute();
    const byName = new Map(users.map((u) => [u.user_name, u]));
    expect(byName.get('acme.admin')).toMatchObject({ profile: 'Company Administrator', level: 'Company' });
    expect(byName.get('acme.finance')).toMatchObject({ profile: 'Finance', level: 'Company' });
    expect(byName.get('acme.sitemanager')).toMatchObject({ profile: 'Site Manager', level: 'Site' });
    expect(byName.get('acme.teamlead')).toMatchObject({ profile: 'Team Leader', level: 'Team' });
    expect(byName.get('acme.mobile')).toMatchObject({ profile: 'Mobile User', level: 'EndPoint' });
    expect(byName.get('acme.broadband')).toMatchObject({ profile: 'Broadband User', level: 'EndPoint' });
    expect(byName.get('acme.expired')).toMatchObject({ profile: 'Company Administrator' });
    expect(byName.get('globex.admin')).toMatchObject({ profile: 'Company Administrator' });
    expect(byName.get('multi.admin')).toMatchObject({ profile: 'Company Administrator' });

    const grants = async (userName: string) =>
      (
        await sql<{ grant: string }>`SELECT f.code || ':' || f.access_type AS grant FROM user_functionality uf
          JOIN users u ON u.id = uf.user_id JOIN functionality f ON f.id = uf.functionality_id
          WHERE u.user_name = ${userName} ORDER BY 1`.execute(db())
      ).rows.map((r) => r.grant);
    const everyGrant = (
      await sql<{ grant: string }>`SELECT code || ':' || access_type AS grant FROM functionality ORDER BY 1`.execute(
        db(),
      )
    ).rows.map((r) => r.grant);
    expect(everyGrant).toHaveLength(35);
    expect(await grants('acme.admin')).toEqual(everyGrant);
    expect(await grants('acme.finance')).toEqual(['DownloadBill:Read', 'DownloadCDRs:Read', 'ViewMyBills:Read']);
    expect(await grants('acme.teamlead')).toEqual([
      'EndPointCallBarring:Read',
      'EndPointSummary:Read',
      'MobileTeamEstate:Read',
    ]);
    expect(await grants('acme.broadband')).toEqual(
      expect.arrayContaining(['BroadbandDiagnostics:Read', 'BroadbandReportFault:Write']),
    );
    expect(await grants('acme.sitemanager')).toEqual(
      expect.arrayContaining(['MobileSiteEstate:Write', 'BroadbandSiteEstate:Write', 'EndPointSummary:Read']),
    );

    expect(
      await count(sql`SELECT count(*) AS n FROM user_sites us JOIN users u ON u.id = us.user_id
        WHERE u.user_name = 'acme.sitemanager'`),
    ).toBe(2);
    expect(
      await count(sql`SELECT count(*) AS n FROM user_companies uc JOIN users u ON u.id = uc.user_id
        WHERE u.user_name = 'multi.admin'`),
    ).toBe(2);
    const mobile = await sql<{ supplier_id: number }>`SELECT e.supplier_id FROM user_endpoints ue
      JOIN users u ON u.id = ue.user_id JOIN endpoints e ON e.id = ue.endpoint_id WHERE u.user_name = 'acme.mobile'`.execute(
      db(),
    );
    expect(mobile.rows).toEqual([{ supplier_id: 33 }]);
    const fibre = await sql<{ carrier_id: number; product_line_id: number }>`SELECT e.carrier_id, e.product_line_id
      FROM user_endpoints ue JOIN users u ON u.id = ue.user_id JOIN endpoints e ON e.id = ue.endpoint_id
      WHERE u.user_name = 'acme.broadband'`.execute(db());
    expect(fibre.rows).toEqual([{ carrier_id: 494, product_line_id: 9 }]);

    const expired = await sql<{ expired: boolean }>`SELECT c.expires_at < now() AS expired FROM user_credentials c
      JOIN users u ON u.id = c.user_id WHERE u.user_name = 'acme.expired'`.execute(db());
    expect(expired.rows).toEqual([{ expired: true }]);
  });

  it('gives Acme the estate the demo needs', async () => {
    const acme = await db()
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Acme Logistics Ltd')
      .executeTakeFirstOrThrow();
    expect(await count(sql`SELECT count(*) AS n FROM sites WHERE company_id = ${acme.id}`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`SELECT count(*) AS n FROM teams WHERE company_id = ${acme.id}`)).toBeGreaterThanOrEqual(4);
    const mobiles = await sql<{ supplier_id: number; n: number }>`SELECT supplier_id, count(*)::int AS n FROM endpoints
      WHERE company_id = ${acme.id} AND endpoint_type_id = 1 GROUP BY 1 ORDER BY 1`.execute(db());
    expect(mobiles.rows.map((r) => r.supplier_id)).toEqual([27, 33, 36]);
    expect(mobiles.rows.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(60);
    const broadband = await sql<{ carrier_id: number; product_line_id: number; n: number }>`
      SELECT carrier_id, product_line_id, count(*)::int AS n FROM endpoints
      WHERE company_id = ${acme.id} AND endpoint_type_id = 3 GROUP BY 1, 2 ORDER BY 1, 2`.execute(db());
    expect(broadband.rows.map((r) => `${r.carrier_id}/${r.product_line_id}`)).toEqual(['494/8', '494/9', '588/35']);
    expect(broadband.rows.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(20);

    const statuses = await sql<{ s: string }>`SELECT DISTINCT slowest_order_item_status AS s FROM orders
      WHERE company_id = ${acme.id} ORDER BY 1`.execute(db());
    expect(statuses.rows.map((r) => r.s)).toEqual(['Awaiting Action', 'Failed', 'In Progress', 'Placed', 'Succeeded']);
    const stages = await sql<{ s: string }>`SELECT DISTINCT slowest_order_item_stage AS s FROM orders
      WHERE company_id = ${acme.id} ORDER BY 1`.execute(db());
    expect(stages.rows.map((r) => r.s)).toEqual(['Completion', 'Engineer Appointment', 'Provisioning', 'Validation']);

    const months = await sql<{ first: string; last: string; n: number }>`SELECT min(period_start) AS first,
      max(period_start) AS last, count(*)::int AS n FROM invoices WHERE company_id = ${acme.id}`.execute(db());
    expect(months.rows[0]).toEqual({ first: '2024-11-01', last: '2026-10-01', n: 24 });
    expect(
      await count(sql`SELECT count(*) AS n FROM endpoints e WHERE NOT EXISTS
      (SELECT 1 FROM contracts c WHERE c.endpoint_id = e.id)`),
    ).toBe(0);
  });

  it('has current and expired messages, FAQs and two partners with their own themes', async () => {
    const now = new Date(`${ANCHOR}T12:00:00Z`);
    const messages = await db().selectFrom('messages').selectAll().where('partner_id', '=', 1).execute();
    const current = messages.filter(
      (m) => (!m.start_date || m.start_date <= now) && (!m.end_date || m.end_date >= now),
    );
    const expired = messages.filter((m) => m.end_date && m.end_date < now);
    expect(current.length).toBeGreaterThanOrEqual(2);
    expect(expired.length).toBeGreaterThanOrEqual(1);
    expect(await count(sql`SELECT count(*) AS n FROM faqs WHERE partner_id = 1`)).toBeGreaterThan(3);
    const partners = await db().selectFrom('partners').select(['theme_code', 'logo_file_name']).execute();
    expect(new Set(partners.map((p) => p.theme_code)).size).toBe(2);
  });

  it('derives invoice totals and monthly rollups from the call-detail records', async () => {
    const mismatchedInvoices = await count(sql`SELECT count(*) AS n FROM invoices i LEFT JOIN (
        SELECT invoice_id, count(*) FILTER (WHERE record_type = 'voice') AS calls, sum(duration) AS duration,
               sum(bytes) AS bytes, round(sum(cost), 2) AS cost
        FROM call_detail_records GROUP BY invoice_id) r ON r.invoice_id = i.id
      WHERE (i.calls, i.duration, i.bytes, i.usage_charges) IS DISTINCT FROM
            (coalesce(r.calls, 0), coalesce(r.duration, 0), coalesce(r.bytes, 0), coalesce(r.cost, 0))
         OR i.invoice_amount <> i.usage_charges + i.fixed_charges + i.vat`);
    expect(mismatchedInvoices).toBe(0);
    const mismatchedRollups = await count(sql`SELECT count(*) AS n FROM usage_monthly u FULL JOIN (
        SELECT endpoint_id, date_trunc('month', started_at AT TIME ZONE 'Europe/London')::date AS month,
               sum(cost) AS cost, sum(bytes) AS bytes FROM call_detail_records GROUP BY 1, 2) r
        ON r.endpoint_id = u.endpoint_id AND r.month = u.month
      WHERE u.endpoint_id IS NULL OR r.endpoint_id IS NULL OR u.cost <> r.cost OR u.bytes <> r.bytes`);
    expect(mismatchedRollups).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM call_detail_records WHERE invoice_id IS NULL`)).toBeGreaterThan(0);
  });

  describe('constraints the database enforces itself', () => {
    const refuses = (query: ReturnType<typeof sql>) => expect(query.execute(db())).rejects.toThrow();

    it('refuses a duplicate username, whatever its case', () =>
      refuses(sql`INSERT INTO users (partner_id, user_name, email_address, profile_id)
        VALUES (1, 'ACME.Admin', 'someone@example.co.uk', 1)`));

    it('refuses a team holding an endpoint of another company', async () => {
      const other = await sql<{ team_id: number; endpoint_id: number; company_id: number }>`
        SELECT t.id AS team_id, e.id AS endpoint_id, t.company_id FROM teams t
        JOIN endpoints e ON e.company_id <> t.company_id LIMIT 1`.execute(db());
      const { team_id, endpoint_id, company_id } = other.rows[0]!;
      await refuses(sql`INSERT INTO team_endpoints (team_id, endpoint_id, company_id)
        VALUES (${team_id}, ${endpoint_id}, ${company_id})`);
    });

    it('refuses an endpoint of an unknown type', () =>
      refuses(sql`INSERT INTO endpoints (company_id, endpoint_type_id, name, identifier, product)
        VALUES (1, 2, 'Fax line', '01612345678', 'Fax')`));

    it('refuses a mobile endpoint without a supplier or with an unknown one', async () => {
      await refuses(sql`INSERT INTO endpoints (company_id, endpoint_type_id, name, identifier, product)
        VALUES (1, 1, 'No supplier', '07999000001', 'Business 30GB 5G')`);
      await refuses(sql`INSERT INTO endpoints (company_id, endpoint_type_id, name, identifier, supplier_id, product)
        VALUES (1, 1, 'Unknown supplier', '07999000002', 99, 'Business 30GB 5G')`);
    });

    it('refuses a site on an address of another company', async () => {
      const address = await db()
        .selectFrom('addresses')
        .select('id')
        .where('company_id', '<>', 1)
        .executeTakeFirstOrThrow();
      await refuses(sql`INSERT INTO sites (company_id, name, address_id) VALUES (1, 'Elsewhere', ${address.id})`);
    });

    it('refuses a name over 100 characters and a message that ends before it starts', async () => {
      await refuses(sql`INSERT INTO teams (company_id, name) VALUES (1, ${'x'.repeat(101)})`);
      await refuses(sql`INSERT INTO messages (partner_id, text, start_date, end_date)
        VALUES (1, 'Backwards', now(), now() - interval '1 day')`);
    });

    it('refuses assigning a user a company of another partner', async () => {
      const wayne = await db()
        .selectFrom('companies')
        .select('id')
        .where('partner_id', '=', 2)
        .executeTakeFirstOrThrow();
      const admin = await db()
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'acme.admin')
        .executeTakeFirstOrThrow();
      await refuses(
        sql`INSERT INTO user_companies (user_id, company_id, partner_id) VALUES (${admin.id}, ${wayne.id}, 1)`,
      );
      await refuses(
        sql`INSERT INTO user_companies (user_id, company_id, partner_id) VALUES (${admin.id}, ${wayne.id}, 2)`,
      );
    });
  });
});
