import { ENDPOINT_TYPE } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { writeAs } from '../db/audit.js';
import type { Database } from '../db/schema.js';
import type { ScheduledTask } from './scheduler.js';
import { type NewFiring, tellAndBar } from './spend-alert-consequences.js';
import type { TaskPeriod } from './task-period.js';

export const EVALUATE_SPEND_ALERTS = 'evaluate-spend-alerts';

/** What one evaluation did: rules looked at, and the crossings it fired (none twice). */
export type EvaluationOutcome = { rulesEvaluated: number; firings: number; notices: number; bars: number };

/**
 * Evaluates every enabled spend alert rule against usage_daily (decision 0213), as a scheduled task. Each run is
 * safe to repeat and to run on several servers at once: a crossing is a row of alert_firings, and its unique key
 * (rule, period, device or total) lets only one transaction insert it.
 */
export function evaluateSpendAlerts(period: TaskPeriod, options: { publicUrl: string }): ScheduledTask {
  return {
    name: EVALUATE_SPEND_ALERTS,
    period,
    async run(db, log) {
      const outcome = await evaluateSpendAlertsOnce(db, options);
      if (outcome.firings > 0) log.info({ spendAlerts: outcome }, 'spend alerts fired');
    },
  };
}

/** The measure a rule watches, in its unit: pounds, megabytes (1,048,576 bytes) or calls. */
const MEASURE = sql`CASE r.measure WHEN 'cost' THEN u.cost WHEN 'roamingCost' THEN u.roaming_cost
  WHEN 'data' THEN u.bytes / 1048576.0 ELSE u.calls END`;

/**
 * One evaluation, set-based: one statement finds every crossing of every enabled rule and inserts those not fired
 * yet; then, in the same transaction, the new ones' notices, e-mails and bars.
 * - The period starts today (London) for a day rule, on the first of the London month for a bill-month rule (bills
 *   cover calendar months).
 * - A rule's devices are the mobile devices of its scope now: the company's, the site's, the team's, or its device.
 * - `total` sums them; `eachDevice` (and a device rule) holds each device to the threshold on its own.
 * - Reaching the threshold crosses it.
 */
export async function evaluateSpendAlertsOnce(
  db: Kysely<Database>,
  options: { publicUrl: string },
): Promise<EvaluationOutcome> {
  return writeAs(db, { userId: null, requestId: null }, async (trx) => {
    const inserted = await sql<NewFiring & { rules: string }>`
      WITH today AS (SELECT (now() AT TIME ZONE 'Europe/London')::date AS day),
      rules AS (
        SELECT r.id, r.company_id, r.scope, r.site_id, r.team_id, r.endpoint_id, r.applies_to, r.measure, r.threshold,
               CASE r.period WHEN 'day' THEN t.day ELSE date_trunc('month', t.day)::date END AS period_start, t.day AS today
        FROM alert_rules r CROSS JOIN today t
        WHERE r.enabled
      ),
      scope_devices AS (
        SELECT r.id AS rule_id, e.id AS endpoint_id FROM rules r
          JOIN endpoints e ON e.company_id = r.company_id AND e.endpoint_type_id = ${ENDPOINT_TYPE.mobile}
          WHERE r.scope = 'company'
        UNION ALL
        SELECT r.id, e.id FROM rules r
          JOIN endpoints e ON e.site_id = r.site_id AND e.company_id = r.company_id
            AND e.endpoint_type_id = ${ENDPOINT_TYPE.mobile}
          WHERE r.scope = 'site'
        UNION ALL
        SELECT r.id, e.id FROM rules r
          JOIN team_endpoints te ON te.team_id = r.team_id
          JOIN endpoints e ON e.id = te.endpoint_id AND e.company_id = r.company_id
            AND e.endpoint_type_id = ${ENDPOINT_TYPE.mobile}
          WHERE r.scope = 'team'
        UNION ALL
        SELECT r.id, e.id FROM rules r
          JOIN endpoints e ON e.id = r.endpoint_id AND e.endpoint_type_id = ${ENDPOINT_TYPE.mobile}
          WHERE r.scope = 'device'
      ),
      device_values AS (
        SELECT r.id AS rule_id, d.endpoint_id, sum(${MEASURE}) AS value
        FROM rules r
          JOIN scope_devices d ON d.rule_id = r.id
          JOIN usage_daily u ON u.endpoint_id = d.endpoint_id AND u.day >= r.period_start AND u.day <= r.today
        GROUP BY r.id, d.endpoint_id
      ),
      crossings AS (
        SELECT r.id AS rule_id, r.company_id, r.period_start, NULL::integer AS endpoint_id, sum(v.value) AS value,
               r.threshold
        FROM rules r JOIN device_values v ON v.rule_id = r.id
        WHERE r.applies_to = 'total' AND r.scope <> 'device'
        GROUP BY r.id, r.company_id, r.period_start, r.threshold
        HAVING sum(v.value) >= r.threshold
        UNION ALL
        SELECT r.id, r.company_id, r.period_start, v.endpoint_id, v.value, r.threshold
        FROM rules r JOIN device_values v ON v.rule_id = r.id
        WHERE (r.applies_to = 'eachDevice' OR r.scope = 'device') AND v.value >= r.threshold
      ),
      fired AS (
        INSERT INTO alert_firings (rule_id, company_id, period_start, endpoint_id, value, threshold)
        SELECT rule_id, company_id, period_start, endpoint_id, round(value, 4), threshold FROM crossings
        ORDER BY rule_id, endpoint_id
        ON CONFLICT (rule_id, period_start, (coalesce(endpoint_id, 0))) DO NOTHING
        RETURNING id, rule_id, endpoint_id
      )
      SELECT f.id, f.rule_id AS "ruleId", f.endpoint_id AS "endpointId", (SELECT count(*) FROM rules) AS rules
      FROM fired f
      UNION ALL
      SELECT NULL, NULL, NULL, (SELECT count(*) FROM rules) WHERE NOT EXISTS (SELECT 1 FROM fired)`.execute(trx);
    const rulesEvaluated = Number(inserted.rows[0]?.rules ?? 0);
    const firings = inserted.rows.filter((row) => row.id !== null);
    const told = await tellAndBar(trx, firings, options);
    return { rulesEvaluated, firings: firings.length, ...told };
  });
}
