import type { AlertMeasure, AlertPeriod, ProfileLevel } from '@portal/contract';
import { sql, type Transaction } from 'kysely';
import {
  type AlertBarKind,
  alertBarOfLine,
  BAR_OF_ACTION,
  existingBarRequests,
  queueBarRequests,
} from '../carriers/alert-bars.js';
import type { Database } from '../db/schema.js';
import { queueEmails } from '../mail/email-outbox.js';
import { type Crossing, crossingBody, crossingTitle, spendAlertEmail } from '../mail/spend-alert-email.js';
import { estateScope } from '../scope/estate-scope.js';

/** A crossing the evaluation has just inserted. */
export type NewFiring = { id: number; ruleId: number; endpointId: number | null };

/** How many firings' consequences are read and written at once. */
const BATCH = 500;

/**
 * What new firings cause, in the evaluation's transaction (decision 0214), so they commit with the firing rows or
 * not at all:
 * - a bar, when the rule's action bars and one device crossed: the line's pending or applied request for that bar
 *   when there is one, else a new call barring request for the worker, placed by the portal (no user);
 * - a notice to each portal user of the rule who still sees what crossed (the device, or the rule's site, team or
 *   whole company) by their own estate scope now: a user who lost access is not told;
 * - an e-mail to each of those users and to each address of the rule, linking to the notifications page.
 */
export async function tellAndBar(
  trx: Transaction<Database>,
  firings: readonly NewFiring[],
  options: { publicUrl: string },
): Promise<{ notices: number; bars: number }> {
  const outcome = { notices: 0, bars: 0 };
  for (let start = 0; start < firings.length; start += BATCH) {
    const batch = await consequencesOf(trx, firings.slice(start, start + BATCH), options);
    outcome.notices += batch.notices;
    outcome.bars += batch.bars;
  }
  return outcome;
}

async function consequencesOf(
  trx: Transaction<Database>,
  firings: readonly NewFiring[],
  options: { publicUrl: string },
) {
  const ids = firings.map((firing) => firing.id);
  const rows = await trx
    .selectFrom('alert_firings as f')
    .innerJoin('alert_rules as r', 'r.id', 'f.rule_id')
    .innerJoin('companies as c', 'c.id', 'f.company_id')
    .innerJoin('partners as p', 'p.id', 'c.partner_id')
    .leftJoin('sites as s', 's.id', 'r.site_id')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .leftJoin('endpoints as e', 'e.id', 'f.endpoint_id')
    .select([
      'f.id',
      'f.rule_id',
      'f.company_id',
      'f.endpoint_id',
      'f.value',
      'f.threshold',
      sql<string>`to_char(f.period_start, 'YYYY-MM-DD')`.as('period_start'),
      'r.name as rule_name',
      'r.scope',
      'r.measure',
      'r.period',
      'r.action',
      'r.notify_emails',
      'c.name as company_name',
      'c.partner_id',
      'p.name as partner_name',
      's.name as site_name',
      't.name as team_name',
      'e.name as device_name',
      'e.identifier as device_identifier',
      'e.supplier_id',
    ])
    .where(sql<boolean>`f.id = ANY(${sql.val(ids)}::integer[])`)
    .orderBy('f.id')
    .execute();

  const barOf = await barsOf(trx, rows);
  const bars = new Set([...barOf.values()].filter((bar) => bar.placed).map((bar) => bar.requestId)).size;

  const crossings = new Map(
    rows.map((row): [number, Crossing] => [
      row.id,
      {
        ruleName: row.rule_name,
        companyName: row.company_name,
        partnerName: row.partner_name,
        measure: row.measure as AlertMeasure,
        period: row.period as AlertPeriod,
        periodStart: row.period_start,
        value: Number(row.value),
        threshold: Number(row.threshold),
        scope:
          row.scope === 'site' && row.site_name !== null
            ? { kind: 'site', name: row.site_name }
            : row.scope === 'team' && row.team_name !== null
              ? { kind: 'team', name: row.team_name }
              : { kind: 'company' },
        device:
          row.device_name !== null && row.device_identifier !== null
            ? { name: row.device_name, identifier: row.device_identifier }
            : null,
        bar: barOf.get(row.id)?.kind ?? null,
      },
    ]),
  );

  const told = await visibleRecipients(trx, rows);
  const notices = rows.flatMap((row) => {
    const crossing = crossings.get(row.id) as Crossing;
    const bar = barOf.get(row.id);
    return (told.get(row.id) ?? []).map((user) => ({
      user_id: user.id,
      company_id: row.company_id,
      kind: 'spendAlert' as const,
      title: crossingTitle(crossing),
      body: crossingBody(crossing),
      rule_id: row.rule_id,
      firing_id: row.id,
      endpoint_id: row.endpoint_id,
      bar_kind: bar?.kind ?? null,
      bar_request_id: bar?.requestId ?? null,
    }));
  });
  if (notices.length > 0) await trx.insertInto('notifications').values(notices).execute();

  const notificationsUrl = new URL('notifications', options.publicUrl).href;
  const emails = rows.flatMap((row) => {
    const addresses = new Map<string, string>();
    for (const address of [...(told.get(row.id) ?? []).map((user) => user.email), ...row.notify_emails]) {
      if (!addresses.has(address.toLowerCase())) addresses.set(address.toLowerCase(), address);
    }
    const mail = spendAlertEmail(crossings.get(row.id) as Crossing, notificationsUrl);
    return [...addresses.values()].map((to) => ({ to, ...mail }));
  });
  await queueEmails(trx, emails);
  return { notices: notices.length, bars };
}

type FiringRow = {
  id: number;
  company_id: number;
  endpoint_id: number | null;
  action: string;
  device_identifier: string | null;
  supplier_id: number | null;
};

/**
 * The bar of each firing whose rule bars and where one device crossed: the line's pending or applied request for
 * that bar when there is one, else a new call barring request for the worker, placed by the portal (no user). Each
 * firing records its request. A few statements per batch, not per firing (the benchmark of decision 0213).
 */
async function barsOf(trx: Transaction<Database>, rows: readonly FiringRow[]) {
  const wanted = rows.flatMap((row) => {
    const kind = BAR_OF_ACTION[row.action as keyof typeof BAR_OF_ACTION];
    if (kind === null || kind === undefined || row.endpoint_id === null || row.device_identifier === null) return [];
    const line = {
      endpointId: row.endpoint_id,
      companyId: row.company_id,
      supplierId: row.supplier_id,
      cli: row.device_identifier,
    };
    const target = alertBarOfLine(line, kind);
    return target ? [{ firingId: row.id, line, kind, key: `${line.endpointId}:${target.bar}`, bar: target.bar }] : [];
  });
  const existing = await existingBarRequests(
    trx,
    wanted.map(({ line, bar }) => ({ endpointId: line.endpointId, bar })),
  );
  const placed = await queueBarRequests(
    trx,
    wanted
      .filter(({ key }) => !existing.has(key))
      .map(({ line, kind }) => ({ line, kind, lift: false, requester: null, requestId: null })),
  );
  const barOf = new Map<number, { kind: AlertBarKind; requestId: number; placed: boolean }>();
  for (const { firingId, kind, key } of wanted) {
    const requestId = existing.get(key) ?? placed.get(key);
    if (requestId !== undefined) barOf.set(firingId, { kind, requestId, placed: placed.has(key) });
  }
  if (barOf.size > 0) {
    await sql`UPDATE alert_firings f SET carrier_request_id = v.request_id
      FROM unnest(${sql.val([...barOf.keys()])}::integer[], ${sql.val([...barOf.values()].map((bar) => bar.requestId))}::integer[])
        AS v (id, request_id)
      WHERE f.id = v.id`.execute(trx);
  }
  return barOf;
}

type Recipient = { id: number; email: string };

/**
 * The rule users of each firing who see what crossed now, by their own estate scope: the device for a device's
 * crossing, else the rule's site or team, or its whole company for a Company-level user of it. One query per user.
 */
async function visibleRecipients(
  trx: Transaction<Database>,
  rows: ReadonlyArray<{ id: number; rule_id: number; partner_id: number }>,
): Promise<Map<number, Recipient[]>> {
  const told = new Map<number, Recipient[]>();
  if (rows.length === 0) return told;
  const ruleIds = [...new Set(rows.map((row) => row.rule_id))];
  const users = await trx
    .selectFrom('alert_rule_users as ru')
    .innerJoin('users as u', 'u.id', 'ru.user_id')
    .innerJoin('profiles as pr', 'pr.id', 'u.profile_id')
    .select([
      'ru.rule_id',
      'u.id',
      'u.partner_id',
      'u.email_address',
      'pr.id as profile_id',
      'pr.name as profile_name',
      'pr.level',
    ])
    .where(sql<boolean>`ru.rule_id = ANY(${sql.val(ruleIds)}::integer[])`)
    .execute();
  const byUser = new Map<number, (typeof users)[number]>();
  for (const user of users) byUser.set(user.id, user);
  const firingIds = rows.map((row) => row.id);
  for (const user of byUser.values()) {
    const scope = estateScope(trx, {
      userId: user.id,
      partnerId: user.partner_id,
      profile: { id: user.profile_id, name: user.profile_name, level: user.level as ProfileLevel },
      can: () => false,
    });
    const rulesOfUser = users.filter((row) => row.id === user.id).map((row) => row.rule_id);
    const seen = await trx
      .selectFrom('alert_firings as f')
      .innerJoin('alert_rules as r', 'r.id', 'f.rule_id')
      .innerJoin('companies as c', 'c.id', 'f.company_id')
      .select('f.id')
      .where(sql<boolean>`f.id = ANY(${sql.val(firingIds)}::integer[])`)
      .where(sql<boolean>`f.rule_id = ANY(${sql.val(rulesOfUser)}::integer[])`)
      .where('c.partner_id', '=', user.partner_id)
      .where((eb) =>
        eb.or([
          eb.and([eb('f.endpoint_id', 'is not', null), eb('f.endpoint_id', 'in', scope.endpoints())]),
          eb.and([
            eb('f.endpoint_id', 'is', null),
            eb.or([
              eb.and([eb('r.scope', '=', 'site'), eb('r.site_id', 'in', scope.sites())]),
              eb.and([eb('r.scope', '=', 'team'), eb('r.team_id', 'in', scope.teams())]),
              ...(scope.companyWide
                ? [eb.and([eb('r.scope', '=', 'company'), eb('r.company_id', 'in', scope.companies())])]
                : []),
            ]),
          ]),
        ]),
      )
      .execute();
    for (const { id } of seen) {
      const list = told.get(id) ?? [];
      list.push({ id: user.id, email: user.email_address });
      told.set(id, list);
    }
  }
  return told;
}
