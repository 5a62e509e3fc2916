import { ENDPOINT_TYPE, type ReportSubscription, type ReportSubscriptionSave } from '@portal/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, ReportSubscriptionsTable } from '../../db/schema.js';
import { endpointsInEstate, sitesInEstate, teamMembershipsInEstate, teamsInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';

/*
 * The rows of report_subscriptions (migration 0033, docs/decisions/0216). The API's calls reach the caller's own
 * through the scope (another user's subscription is not found); the scheduled run claims due ones of anybody.
 */

export type SubscriptionRow = Selectable<ReportSubscriptionsTable>;

export function subscriptionOf(row: SubscriptionRow): ReportSubscription {
  const state = row.stopped_reason !== null ? 'stopped' : row.paused ? 'paused' : 'active';
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    frequency: row.frequency,
    sendToMe: row.send_to_me,
    emails: row.emails,
    paused: row.paused,
    state,
    stoppedReason: row.stopped_reason,
    nextRunAt: state === 'active' && row.next_run_at ? row.next_run_at.toISOString() : null,
    lastSentAt: row.last_run_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The caller's subscriptions, oldest first. */
export function listOwn(scope: EstateScope): Promise<SubscriptionRow[]> {
  return scope.db
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('user_id', '=', scope.caller.userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countOwn(scope: EstateScope): Promise<number> {
  const row = await scope.db
    .selectFrom('report_subscriptions')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', scope.caller.userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Locks the caller's user row until the write's transaction ends: two creates at once take turns at the count. */
export async function lockOwner(scope: EstateScope): Promise<void> {
  await scope.db.selectFrom('users').select('id').where('id', '=', scope.caller.userId).forUpdate().execute();
}

/** One of the caller's subscriptions, locked until the write's transaction ends; undefined when not theirs. */
export function lockOwn(scope: EstateScope, id: number): Promise<SubscriptionRow | undefined> {
  return scope.db
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', scope.caller.userId)
    .forUpdate()
    .executeTakeFirst();
}

const savedColumns = (save: ReportSubscriptionSave) => ({
  kind: save.kind,
  format: save.format,
  frequency: save.frequency,
  send_to_me: save.sendToMe,
  emails: [...save.emails],
  paused: save.paused ?? false,
});

export function insertOwn(scope: EstateScope, save: ReportSubscriptionSave, nextRunAt: Date | null) {
  return scope.db
    .insertInto('report_subscriptions')
    .values({ user_id: scope.caller.userId, ...savedColumns(save), next_run_at: nextRunAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Saves the form; a save is the owner's say-so, so it clears a stop (its permission was checked again). */
export function updateOwn(scope: EstateScope, id: number, save: ReportSubscriptionSave, nextRunAt: Date | null) {
  return scope.db
    .updateTable('report_subscriptions')
    .set({
      ...savedColumns(save),
      next_run_at: nextRunAt,
      stopped_reason: null,
      last_error: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('user_id', '=', scope.caller.userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteOwn(scope: EstateScope, id: number): Promise<boolean> {
  const deleted = await scope.db
    .deleteFrom('report_subscriptions')
    .where('id', '=', id)
    .where('user_id', '=', scope.caller.userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/**
 * The subscription due longest ago that no other server holds, locked until the transaction ends: a run that
 * claims it queues its e-mail and moves next_run_at on before it commits, so another server, skipping it while
 * locked, finds it no longer due after.
 */
export function claimDue(trx: Kysely<Database>): Promise<SubscriptionRow | undefined> {
  return trx
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('next_run_at', '<=', sql<Date>`now()`)
    .where('paused', '=', false)
    .where('stopped_reason', 'is', null)
    .orderBy('next_run_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export function recordRun(
  trx: Kysely<Database>,
  id: number,
  values: { next_run_at?: Date | null; last_run_at?: Date; last_error?: string | null; stopped_reason?: string | null },
) {
  return trx
    .updateTable('report_subscriptions')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The subscriber as a run needs them: who they are, of which partner, at which level, holding what; now. */
export async function subscriberRow(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .innerJoin('partners', 'partners.id', 'users.partner_id')
    .select([
      'users.id',
      'users.user_name',
      'users.email_address',
      'users.partner_id',
      'partners.name as partner_name',
      'profiles.id as profile_id',
      'profiles.name as profile_name',
      'profiles.level as profile_level',
      sql<string[]>`ARRAY(SELECT f.code || ':' || f.access_type FROM user_functionality uf
        JOIN functionality f ON f.id = uf.functionality_id WHERE uf.user_id = users.id)`.as('grants'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function databaseNow(db: Kysely<Database>): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
  return new Date(rows[0]?.now ?? Date.now());
}

/**
 * Runs `work` inside a savepoint of `trx`: a failure rolls back only what it wrote and is answered, so the
 * transaction can go on to record it.
 */
export async function attempt(trx: Kysely<Database>, work: () => Promise<void>): Promise<unknown> {
  await sql`SAVEPOINT report_build`.execute(trx);
  try {
    await work();
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT report_build`.execute(trx);
    return error ?? new Error('the report could not be built');
  }
  await sql`RELEASE SAVEPOINT report_build`.execute(trx);
  return undefined;
}

// What the reports read (docs/decisions/0216), each through the subscriber's estate scope, as their pages read it.

export type UsageFigures = { calls: number; duration: number; bytes: number; cost: number };
/** One site's, team's or device's usage of one month ('YYYY-MM-DD'). */
export type GroupUsage = { group_id: number | null; month: string } & UsageFigures;

const USAGE_SUMS = [
  sql<number>`sum(u.calls)`.as('calls'),
  sql<number>`sum(u.duration)`.as('duration'),
  sql<number>`sum(u.bytes)`.as('bytes'),
  sql<number>`sum(u.cost)`.as('cost'),
] as const;
const USAGE_MONTH = sql<string>`to_char(u.month, 'YYYY-MM-DD')`;

/** The companies of the subscriber's estate, by name. */
export function companiesOfEstate(scope: EstateScope) {
  return scope.db
    .selectFrom('companies')
    .select(['companies.id', 'companies.name'])
    .where('companies.id', 'in', scope.companyIds())
    .orderBy('companies.name')
    .orderBy('companies.id')
    .execute();
}

/** The bills of the subscriber's companies dated `from` on, oldest first (My Bills shows a company's whole bill). */
export function billsSince(scope: EstateScope, from: string) {
  return scope.db
    .selectFrom('invoices')
    .select([
      'company_id',
      sql<string>`to_char(bill_date, 'YYYY-MM-DD')`.as('bill_date'),
      'invoice_number',
      'calls',
      'duration',
      'bytes',
      'fixed_charges',
      'invoice_amount',
    ])
    .where('invoices.company_id', 'in', scope.companyIds())
    .where('bill_date', '>=', from)
    .orderBy('bill_date')
    .orderBy('invoice_number')
    .execute();
}

export function sitesOfEstate(scope: EstateScope) {
  return scope.db
    .selectFrom('sites')
    .select(['sites.id', 'sites.company_id as companyId', 'sites.name'])
    .where((eb) => sitesInEstate(eb, scope))
    .orderBy('sites.name')
    .orderBy('sites.id')
    .execute();
}

/** The subscriber's mobile devices' usage per site and month: at Team and EndPoint level a site is seen through some of its lines. */
export function siteUsage(scope: EstateScope, months: string[]): Promise<GroupUsage[]> {
  return scope.db
    .selectFrom('endpoints')
    .innerJoin('usage_monthly as u', 'u.endpoint_id', 'endpoints.id')
    .select(['endpoints.site_id as group_id', USAGE_MONTH.as('month'), ...USAGE_SUMS])
    .where((eb) => endpointsInEstate(eb, scope))
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
    .where('endpoints.site_id', 'is not', null)
    .where('u.month', 'in', months)
    .groupBy(['endpoints.site_id', 'u.month'])
    .execute();
}

export function teamsOfEstate(scope: EstateScope) {
  return scope.db
    .selectFrom('teams')
    .select(['teams.id', 'teams.company_id as companyId', 'teams.name'])
    .where((eb) => teamsInEstate(eb, scope))
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
}

/** The subscriber's mobile devices' usage per team and month. */
export function teamUsage(scope: EstateScope, months: string[]): Promise<GroupUsage[]> {
  return scope.db
    .selectFrom('team_endpoints')
    .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
    .innerJoin('usage_monthly as u', 'u.endpoint_id', 'endpoints.id')
    .select(['team_endpoints.team_id as group_id', USAGE_MONTH.as('month'), ...USAGE_SUMS])
    .where((eb) => teamMembershipsInEstate(eb, scope))
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
    .where('u.month', 'in', months)
    .groupBy(['team_endpoints.team_id', 'u.month'])
    .execute();
}

/** The subscriber's mobile devices, with their site's name ('' when on none). */
export function mobileDevicesOfEstate(scope: EstateScope) {
  return scope.db
    .selectFrom('endpoints')
    .leftJoin('sites', 'sites.id', 'endpoints.site_id')
    .select(['endpoints.id', 'endpoints.company_id as companyId', 'endpoints.name', 'endpoints.identifier'])
    .select(sql<string>`coalesce(sites.name, '')`.as('site'))
    .where((eb) => endpointsInEstate(eb, scope))
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
    .orderBy('endpoints.name')
    .orderBy('endpoints.id')
    .execute();
}

/** The subscriber's mobile devices' usage per device and month. */
export function deviceUsage(scope: EstateScope, months: string[]): Promise<GroupUsage[]> {
  return scope.db
    .selectFrom('endpoints')
    .innerJoin('usage_monthly as u', 'u.endpoint_id', 'endpoints.id')
    .select(['endpoints.id as group_id', USAGE_MONTH.as('month'), ...USAGE_SUMS])
    .where((eb) => endpointsInEstate(eb, scope))
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
    .where('u.month', 'in', months)
    .groupBy(['endpoints.id', 'u.month'])
    .execute();
}

/** Per company and month, the subscriber's `limit` mobile devices that cost the most (and cost anything). */
export function topSpendersOf(scope: EstateScope, months: string[], limit: number) {
  const ranked = scope.db
    .selectFrom('usage_monthly as u')
    .innerJoin('endpoints', 'endpoints.id', 'u.endpoint_id')
    .select([
      'endpoints.company_id',
      'endpoints.name',
      'endpoints.identifier',
      USAGE_MONTH.as('month'),
      'u.calls',
      'u.duration',
      'u.bytes',
      'u.cost',
      sql<number>`row_number() OVER (PARTITION BY endpoints.company_id, u.month ORDER BY u.cost DESC, endpoints.id)`.as(
        'rank',
      ),
    ])
    .where((eb) => endpointsInEstate(eb, scope))
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
    .where('u.month', 'in', months)
    .where('u.cost', '>', 0);
  return scope.db.selectFrom(ranked.as('r')).selectAll().where('r.rank', '<=', limit).orderBy('r.rank').execute();
}
