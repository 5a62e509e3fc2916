import type { Kysely } from 'kysely';
import {
  deltaFunction,
  rollupTable,
  SOME_CHANGE,
  statementTriggers,
  upsertRollup,
  usageMonthlyRows,
} from './0004-usage-rollups.js';
import { runStatements } from './run-statements.js';

/*
 * A team's monthly usage chart added up each month of each of its lines: 586 lines and 6,711 rows for a team of the
 * largest company of the large data set (13 ms). team_usage_monthly keeps it per team, endpoint type and month, as
 * migration 0004 keeps the company and site rollups, so the chart reads 12 rows (Speed issue; docs/performance/).
 * A line belongs to several teams, so the rollup follows three things:
 * - usage_monthly, whoever writes it (records, the demo-data load): each change is added to every team of its line;
 * - memberships (team_endpoints): a line joining a team brings all its months, one leaving takes them away;
 * - a line's type, which keys the rollup.
 * Teams already gone (deleted with their memberships by a cascade) are skipped: their rows went with them.
 */

const TEAM_TOTALS = `sum(cost) AS cost, sum(duration) AS duration, sum(calls) AS calls, sum(bytes) AS bytes`;

const applyUsageToTeams = (source: string) =>
  upsertRollup(
    'team_usage_monthly',
    'team_id',
    `SELECT te.team_id, e.endpoint_type_id, d.month, ${TEAM_TOTALS}
     FROM (${source}) d
       JOIN endpoints e ON e.id = d.endpoint_id
       JOIN team_endpoints te ON te.endpoint_id = d.endpoint_id
       JOIN teams t ON t.id = te.team_id
     GROUP BY te.team_id, e.endpoint_type_id, d.month
     ${SOME_CHANGE}`,
  );

const membershipRows = (table: string, sign: number) => `SELECT team_id, endpoint_id, ${sign} AS sign FROM ${table}`;

const applyMembershipsToTeams = (source: string) =>
  upsertRollup(
    'team_usage_monthly',
    'team_id',
    `SELECT m.team_id, e.endpoint_type_id, u.month,
            sum(m.sign * u.cost) AS cost, sum(m.sign * u.duration) AS duration,
            sum(m.sign * u.calls) AS calls, sum(m.sign * u.bytes) AS bytes
     FROM (${source}) m
       JOIN usage_monthly u ON u.endpoint_id = m.endpoint_id
       JOIN endpoints e ON e.id = m.endpoint_id
       JOIN teams t ON t.id = m.team_id
     GROUP BY m.team_id, e.endpoint_type_id, u.month
     ${SOME_CHANGE}`,
  );

/** A line retyped takes its months from the old type's key to the new one, in each of its teams. */
const retypeLine = upsertRollup(
  'team_usage_monthly',
  'team_id',
  `SELECT te.team_id, k.endpoint_type_id, u.month,
          sum(k.sign * u.cost) AS cost, sum(k.sign * u.duration) AS duration,
          sum(k.sign * u.calls) AS calls, sum(k.sign * u.bytes) AS bytes
   FROM usage_monthly u
     JOIN team_endpoints te ON te.endpoint_id = u.endpoint_id
     CROSS JOIN (VALUES (OLD.endpoint_type_id, -1), (NEW.endpoint_type_id, 1)) AS k (endpoint_type_id, sign)
   WHERE u.endpoint_id = NEW.id
   GROUP BY te.team_id, k.endpoint_type_id, u.month
   ${SOME_CHANGE}`,
);

const statements = [
  rollupTable('team_usage_monthly', 'team_id', 'teams'),
  `INSERT INTO team_usage_monthly (team_id, endpoint_type_id, month, cost, duration, calls, bytes)
    SELECT te.team_id, e.endpoint_type_id, u.month, sum(u.cost), sum(u.duration), sum(u.calls), sum(u.bytes)
    FROM usage_monthly u JOIN endpoints e ON e.id = u.endpoint_id JOIN team_endpoints te ON te.endpoint_id = u.endpoint_id
    GROUP BY 1, 2, 3`,
  deltaFunction('roll_usage_into_team_rollup', '', applyUsageToTeams, usageMonthlyRows),
  ...statementTriggers('usage_monthly', 'usage_monthly_team_rollup', 'roll_usage_into_team_rollup'),
  deltaFunction('roll_memberships_into_team_rollup', '', applyMembershipsToTeams, membershipRows),
  ...statementTriggers('team_endpoints', 'team_endpoints_team_rollup', 'roll_memberships_into_team_rollup'),
  `CREATE FUNCTION retype_team_usage() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      ${retypeLine};
      RETURN NULL;
    END $$`,
  `CREATE TRIGGER endpoints_retype_team_usage AFTER UPDATE OF endpoint_type_id ON endpoints
    FOR EACH ROW WHEN (OLD.endpoint_type_id <> NEW.endpoint_type_id) EXECUTE FUNCTION retype_team_usage()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP TRIGGER endpoints_retype_team_usage ON endpoints',
    'DROP FUNCTION retype_team_usage()',
    ...['insert', 'update', 'delete'].flatMap((event) => [
      `DROP TRIGGER team_endpoints_team_rollup_${event} ON team_endpoints`,
      `DROP TRIGGER usage_monthly_team_rollup_${event} ON usage_monthly`,
    ]),
    'DROP FUNCTION roll_memberships_into_team_rollup()',
    'DROP FUNCTION roll_usage_into_team_rollup()',
    'DROP TABLE team_usage_monthly',
  ]);
}
