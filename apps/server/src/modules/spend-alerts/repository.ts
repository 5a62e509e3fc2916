import {
  type AlertAction,
  type AlertAppliesTo,
  type AlertMeasure,
  type AlertPeriod,
  type AlertRule,
  type AlertScope,
  ENDPOINT_TYPE,
  type ODataQuery,
} from '@portal/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { runODataList } from '../../odata/index.js';
import { endpointsInEstate, sitesInEstate, teamsInEstate, userInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { alertRulesResource } from './resource.js';

/**
 * The caller's rules: those of their companies whose scope is theirs, the company scope only for a caller of the
 * whole company (decision 0213). A rule on a site, team or device the caller does not see is not theirs to read.
 */
function rulesInEstate(eb: ExpressionBuilder<Database, 'alert_rules'>, scope: EstateScope) {
  const ofCompanies = eb('alert_rules.company_id', 'in', scope.companyIds());
  if (scope.companyWide) return ofCompanies;
  return eb.and([
    ofCompanies,
    eb.or([
      eb('alert_rules.site_id', 'in', scope.sites()),
      eb('alert_rules.team_id', 'in', scope.teams()),
      eb('alert_rules.endpoint_id', 'in', scope.endpoints()),
    ]),
  ]);
}

function rulesOfEstate(scope: EstateScope) {
  return scope.db
    .selectFrom('alert_rules')
    .innerJoin('companies', 'companies.id', 'alert_rules.company_id')
    .where((eb) => rulesInEstate(eb, scope));
}

/** A page of the caller's rules, whole, in the list's order. */
export async function listRules(scope: EstateScope, options: ODataQuery) {
  const { $select: _select, $expand: _expand, ...rest } = options;
  const page = await runODataList({
    db: scope.db,
    baseQuery: rulesOfEstate(scope),
    resource: alertRulesResource,
    options: { ...rest, $select: 'id' },
  });
  const rules = await rulesByIds(
    scope,
    page.value.map((row) => row.id as number),
  );
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  return { ...page, value: page.value.flatMap((row) => byId.get(row.id as number) ?? []) };
}

/** The caller's rules of these ids, as the API answers them. */
export async function rulesByIds(scope: EstateScope, ids: readonly number[]): Promise<AlertRule[]> {
  if (ids.length === 0) return [];
  const rows = await rulesOfEstate(scope)
    .leftJoin('sites', 'sites.id', 'alert_rules.site_id')
    .leftJoin('teams', 'teams.id', 'alert_rules.team_id')
    .leftJoin('endpoints', 'endpoints.id', 'alert_rules.endpoint_id')
    .select([
      'alert_rules.id',
      'alert_rules.name',
      'alert_rules.company_id',
      'companies.name as company_name',
      'alert_rules.scope',
      'alert_rules.site_id',
      'sites.name as site_name',
      'alert_rules.team_id',
      'teams.name as team_name',
      'alert_rules.endpoint_id',
      'endpoints.name as endpoint_name',
      'endpoints.identifier as endpoint_identifier',
      'alert_rules.applies_to',
      'alert_rules.measure',
      'alert_rules.period',
      'alert_rules.threshold',
      'alert_rules.notify_emails',
      'alert_rules.action',
      'alert_rules.enabled',
      'alert_rules.created_at',
      'alert_rules.updated_at',
      (eb) =>
        eb
          .selectFrom('alert_firings')
          .select((inner) => inner.fn.max('alert_firings.fired_at').as('last'))
          .whereRef('alert_firings.rule_id', '=', 'alert_rules.id')
          .as('last_fired_at'),
    ])
    .where('alert_rules.id', 'in', ids)
    .execute();
  const users = await scope.db
    .selectFrom('alert_rule_users')
    .innerJoin('users', 'users.id', 'alert_rule_users.user_id')
    .select(['alert_rule_users.rule_id', 'users.id', 'users.user_name'])
    .where('alert_rule_users.rule_id', 'in', ids)
    .where('users.partner_id', '=', scope.caller.partnerId)
    .where((eb) => userInEstate(eb.ref('users.id'), scope))
    .orderBy('users.user_name')
    .execute();
  const instant = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    companyId: row.company_id,
    companyName: row.company_name,
    scope: row.scope as AlertScope,
    site: row.site_id !== null && row.site_name !== null ? { id: row.site_id, name: row.site_name } : null,
    team: row.team_id !== null && row.team_name !== null ? { id: row.team_id, name: row.team_name } : null,
    device:
      row.endpoint_id !== null && row.endpoint_name !== null && row.endpoint_identifier !== null
        ? { id: row.endpoint_id, name: row.endpoint_name, identifier: row.endpoint_identifier }
        : null,
    appliesTo: row.applies_to as AlertAppliesTo,
    measure: row.measure as AlertMeasure,
    period: row.period as AlertPeriod,
    threshold: Number(row.threshold),
    notifyUsers: users
      .filter((user) => user.rule_id === row.id)
      .map((user) => ({ id: user.id, userName: user.user_name })),
    notifyEmails: row.notify_emails,
    action: row.action as AlertAction,
    enabled: row.enabled,
    lastFiredAt: instant(row.last_fired_at as Date | string | null),
    createdAt: instant(row.created_at) as string,
    updatedAt: instant(row.updated_at) as string,
  }));
}

/** One of the caller's rules with its company; with `lock`, its row stays locked to the transaction. */
export function findRule(scope: EstateScope, ruleId: number, options: { lock?: boolean } = {}) {
  return scope.db
    .selectFrom('alert_rules')
    .select(['alert_rules.id', 'alert_rules.company_id'])
    .where('alert_rules.id', '=', ruleId)
    .where((eb) => rulesInEstate(eb, scope))
    .$if(options.lock === true, (query) => query.forUpdate())
    .executeTakeFirst();
}

/** The companies of the caller's estate, by id. */
export async function estateCompanies(scope: EstateScope): Promise<number[]> {
  const rows = await scope.db.selectFrom(scope.companies().as('c')).select('c.id').orderBy('c.id').execute();
  return rows.map((row) => row.id);
}

/** Whether a site of the caller's estate is of the company. */
export async function isSiteOfCompany(scope: EstateScope, siteId: number, companyId: number) {
  const row = await scope.db
    .selectFrom('sites')
    .select('sites.id')
    .where('sites.id', '=', siteId)
    .where('sites.company_id', '=', companyId)
    .where((eb) => sitesInEstate(eb, scope))
    .executeTakeFirst();
  return row !== undefined;
}

export async function isTeamOfCompany(scope: EstateScope, teamId: number, companyId: number) {
  const row = await scope.db
    .selectFrom('teams')
    .select('teams.id')
    .where('teams.id', '=', teamId)
    .where('teams.company_id', '=', companyId)
    .where((eb) => teamsInEstate(eb, scope))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a mobile device of the caller's estate is of the company: rules watch mobile usage only. */
export async function isMobileDeviceOfCompany(scope: EstateScope, endpointId: number, companyId: number) {
  const row = await scope.db
    .selectFrom('endpoints')
    .select('endpoints.id')
    .where('endpoints.id', '=', endpointId)
    .where('endpoints.company_id', '=', companyId)
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
    .where((eb) => endpointsInEstate(eb, scope))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Of these users, those the caller may see (the users list's scope) who are of the company: assigned to it, or to a
 * site, team or line of it.
 */
export async function usersOfCompanyAmong(scope: EstateScope, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await scope.db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', 'in', ids)
    .where('users.partner_id', '=', scope.caller.partnerId)
    .where((eb) => userInEstate(eb.ref('users.id'), scope))
    .where(
      sql<boolean>`(EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = users.id AND uc.company_id = ${companyId})
        OR EXISTS (SELECT 1 FROM user_sites us JOIN sites s ON s.id = us.site_id
          WHERE us.user_id = users.id AND s.company_id = ${companyId})
        OR EXISTS (SELECT 1 FROM user_teams ut JOIN teams t ON t.id = ut.team_id
          WHERE ut.user_id = users.id AND t.company_id = ${companyId})
        OR EXISTS (SELECT 1 FROM user_endpoints ue WHERE ue.user_id = users.id AND ue.company_id = ${companyId}))`,
    )
    .execute();
  return new Set(rows.map((row) => row.id));
}

export type RuleWrite = {
  companyId: number;
  name: string;
  scope: AlertScope;
  siteId: number | null;
  teamId: number | null;
  endpointId: number | null;
  appliesTo: AlertAppliesTo;
  measure: AlertMeasure;
  period: AlertPeriod;
  threshold: number;
  notifyUserIds: readonly number[];
  notifyEmails: readonly string[];
  action: AlertAction;
  enabled: boolean;
};

/** Adds or changes a rule and its users, in the caller's transaction; answers its id. */
export async function writeRule(
  scope: EstateScope,
  ruleId: number | undefined,
  rule: RuleWrite,
  createdBy: number,
): Promise<number> {
  const columns = {
    name: rule.name,
    scope: rule.scope,
    site_id: rule.siteId,
    team_id: rule.teamId,
    endpoint_id: rule.endpointId,
    applies_to: rule.appliesTo,
    measure: rule.measure,
    period: rule.period,
    threshold: rule.threshold,
    notify_emails: sql<string[]>`${sql.val([...rule.notifyEmails])}::text[]`,
    action: rule.action,
    enabled: rule.enabled,
  };
  const id =
    ruleId === undefined
      ? (
          await scope.db
            .insertInto('alert_rules')
            .values({ ...columns, company_id: rule.companyId, created_by_user_id: createdBy })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      : (
          await scope.db
            .updateTable('alert_rules')
            .set({ ...columns, updated_at: sql<Date>`now()` })
            .where('id', '=', ruleId)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
  // Only the users that changed are written, so the audit says who was added or taken off.
  const wanted = [...new Set(rule.notifyUserIds)];
  await scope.db
    .deleteFrom('alert_rule_users')
    .where('rule_id', '=', id)
    .$if(wanted.length > 0, (query) => query.where('user_id', 'not in', wanted))
    .execute();
  if (wanted.length > 0) {
    await scope.db
      .insertInto('alert_rule_users')
      .values(wanted.map((user_id) => ({ rule_id: id, user_id })))
      .onConflict((conflict) => conflict.columns(['rule_id', 'user_id']).doNothing())
      .execute();
  }
  return id;
}

export async function deleteRule(scope: EstateScope, ruleId: number): Promise<void> {
  await scope.db.deleteFrom('alert_rules').where('id', '=', ruleId).execute();
}
