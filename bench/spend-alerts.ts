import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/connection.js';
import { evaluateSpendAlertsOnce } from '../apps/server/src/jobs/evaluate-spend-alerts.js';
import { largeDataSetUrl } from './large-data-set.js';

const TARGET_MS = 60_000;
const MARK = 'Bench spend alerts';

/**
 * One evaluation of the spend alert rules (decision 0213) on the large data set in PostgreSQL: for every company a
 * bill-month cost total and a day's each-device cost rule that bars data, for every site a day's data total; a day's
 * records for today on every mobile line; then the scheduled task's evaluation, run directly, timed, and run again
 * (nothing new to fire: what each minute costs once the day's crossings have fired). Everything it adds is deleted
 * afterwards. `BENCH_DATABASE_URL=… npm run bench -- spend-alerts`.
 */
export async function run(): Promise<void> {
  const url = largeDataSetUrl();
  if (!url) return;
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const db = database.db;
  try {
    const size = await sql<{ size: string }>`SELECT size FROM demo_data`.execute(db);
    console.info(`data set: ${size.rows[0]?.size ?? 'unknown'}`);
    await cleanUp(db);

    let started = performance.now();
    // Each company's first Company Administrator is told; a company without one has rules that tell an address.
    await sql`
      WITH admins AS (
        SELECT DISTINCT ON (uc.company_id) uc.company_id, u.id AS user_id
        FROM user_companies uc JOIN users u ON u.id = uc.user_id JOIN profiles p ON p.id = u.profile_id
        WHERE p.name = 'Company Administrator' ORDER BY uc.company_id, u.id
      ),
      made AS (
        INSERT INTO alert_rules (company_id, name, scope, site_id, applies_to, measure, period, threshold,
                                 notify_emails, action)
        SELECT c.id, ${MARK} || ': month', 'company', NULL::integer, 'total', 'cost', 'billMonth', 500, '{alerts@example.co.uk}'::text[], 'none'
        FROM companies c
        UNION ALL
        SELECT c.id, ${MARK} || ': each device', 'company', NULL::integer, 'eachDevice', 'cost', 'day', 5,
               '{alerts@example.co.uk}'::text[], 'barData'
        FROM companies c
        UNION ALL
        SELECT s.company_id, ${MARK} || ': site data', 'site', s.id, 'total', 'data', 'day', 100,
               '{alerts@example.co.uk}'::text[], 'none'
        FROM sites s
        RETURNING id, company_id
      )
      INSERT INTO alert_rule_users (rule_id, user_id)
      SELECT m.id, a.user_id FROM made m JOIN admins a ON a.company_id = m.company_id`.execute(db);
    const rules = await sql<{ n: string }>`SELECT count(*) AS n FROM alert_rules WHERE name LIKE ${`${MARK}%`}`.execute(
      db,
    );
    console.info(`rules: ${rules.rows[0]?.n} made in ${Math.round(performance.now() - started)} ms`);

    started = performance.now();
    // Three records a line today: a call, a data session and, on every tenth line, a dearer call.
    await sql`
      INSERT INTO call_detail_records (endpoint_id, started_at, record_type, destination, dialled_number, duration,
                                       bytes, cost)
      SELECT e.id, now() - make_interval(mins => 5 + k), kind, ${MARK}, '07700900000',
             CASE WHEN kind = 'voice' THEN 120 ELSE 0 END,
             CASE WHEN kind = 'data' THEN (e.id % 50) * 1048576 ELSE 0 END,
             CASE WHEN kind = 'voice' AND k = 2 AND e.id % 10 = 0 THEN 7.5 ELSE 0.25 END
      FROM endpoints e CROSS JOIN (VALUES (0, 'voice'), (1, 'data'), (2, 'voice')) AS r(k, kind)
      WHERE e.endpoint_type_id = 1`.execute(db);
    console.info(`records: a day's for every mobile line in ${Math.round(performance.now() - started)} ms`);

    started = performance.now();
    const first = await evaluateSpendAlertsOnce(db, { publicUrl: 'https://portal.example.co.uk/' });
    const firstMs = Math.round(performance.now() - started);
    started = performance.now();
    const second = await evaluateSpendAlertsOnce(db, { publicUrl: 'https://portal.example.co.uk/' });
    const secondMs = Math.round(performance.now() - started);
    console.info(
      `evaluation: ${first.rulesEvaluated} rules evaluated, ${first.firings} firings, ${first.notices} notices, ` +
        `${first.bars} bars placed in ${firstMs} ms`,
    );
    console.info(`again (nothing new): ${second.firings} firings in ${secondMs} ms`);
    console.info(`${firstMs < TARGET_MS ? 'PASS' : 'FAIL'}: one evaluation under ${TARGET_MS / 1000} s`);
  } finally {
    await cleanUp(db);
    await database.close();
  }
}

/** Deletes what a run adds: its records (the trigger takes them out of usage_daily), rules, bars and e-mails. */
async function cleanUp(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  await sql`DELETE FROM call_detail_records WHERE destination = ${MARK}`.execute(db);
  await sql`DELETE FROM carrier_requests WHERE id IN (
    SELECT f.carrier_request_id FROM alert_firings f JOIN alert_rules r ON r.id = f.rule_id
    WHERE r.name LIKE ${`${MARK}%`})`.execute(db);
  await sql`DELETE FROM order_events WHERE user_name = 'Spend alert' AND notes LIKE 'Spend alert bar:%'`.execute(db);
  await sql`DELETE FROM notifications WHERE rule_id IN (SELECT id FROM alert_rules WHERE name LIKE ${`${MARK}%`})`.execute(
    db,
  );
  await sql`DELETE FROM email_outbox WHERE subject LIKE 'Spend alert:%' AND status = 'queued'`.execute(db);
  await sql`DELETE FROM alert_rules WHERE name LIKE ${`${MARK}%`}`.execute(db);
}
