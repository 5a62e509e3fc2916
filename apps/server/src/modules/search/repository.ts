import type { OrderType } from '@portal/contract';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  endpointsInEstate,
  ordersInEstateByCompany,
  sitesInEstate,
  teamsInEstate,
  userInEstate,
} from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { likeEscape, type SearchTerm } from './search-term.js';

/**
 * One match: its id, the name to show, the number it is known by (lines only), the parameter of its page, and its
 * place among its section's matches (1 best).
 */
export type Found = { id: number; name: string; reference: string | null; param: string; ordinal: number };

/** The best matches of one section, at most its limit, not yet run: {@link findInSections} runs them all at once. */
// biome-ignore lint/suspicious/noExplicitAny: each section reads its own tables; only its columns must agree
export type FoundQuery = SelectQueryBuilder<Database, any, Found>;

/**
 * Every section's matches in one statement (UNION ALL of each section's best few), so a search costs one round trip
 * and one pooled connection however many sections the caller may see. `section` is the index in `sections`.
 */
export async function findInSections(
  scope: EstateScope,
  sections: readonly FoundQuery[],
): Promise<Array<Found & { section: number }>> {
  const [first, ...rest] = sections.map((query, section) =>
    scope.db
      .selectFrom(query.as(`s${section}`))
      .select([`s${section}.id`, 'name', 'reference', 'param', 'ordinal', sql.lit(section).as('section')])
      .$castTo<Found & { section: number }>(),
  );
  if (!first) return [];
  const rows = await rest.reduce((all, next) => all.unionAll(next), first).execute();
  return rows.sort((a, b) => a.section - b.section || a.ordinal - b.ordinal);
}

/** 0 exact, 1 starts with, 2 contains: the order results come back in, then by name. */
function rankOf(column: Expression<string>, term: SearchTerm) {
  const t = term.text;
  return sql<number>`CASE WHEN lower(${column}) = ${t} THEN 0 WHEN lower(${column}) LIKE ${`${likeEscape(t)}%`} THEN 1 ELSE 2 END`;
}

/** The place of each match: best rank first, then the section's own order. */
function ordinalBy(rank: Expression<number>, ...then: ReturnType<typeof sql>[]) {
  return sql<number>`(row_number() OVER (ORDER BY ${rank}, ${sql.join(then)}))::int`;
}

/** Only lines are known by a number; the other sections' rows say so, as UNION ALL needs the same columns. */
const NO_REFERENCE = sql<string | null>`NULL::text`;

/** Written as the trigram indexes' expressions (migration 0005), or PostgreSQL will not use them. */
function contains(column: Expression<string>, value: string) {
  return sql<SqlBool>`lower(${column}) LIKE ${`%${likeEscape(value)}%`}`;
}

/** The caller's lines of one type whose name or number matches. */
export function findLines(scope: EstateScope, endpointTypeId: 1 | 3, term: SearchTerm, limit: number): FoundQuery {
  const number = term.number;
  return scope.db
    .selectFrom('endpoints')
    .select((eb) => {
      const rank = number
        ? sql<number>`CASE WHEN endpoints.identifier = ${number} THEN 0 ELSE ${rankOf(eb.ref('endpoints.name'), term)} END`
        : rankOf(eb.ref('endpoints.name'), term);
      return [
        'endpoints.id',
        'endpoints.name',
        'endpoints.identifier as reference',
        'endpoints.identifier as param',
        ordinalBy(rank, sql`endpoints.name`, sql`endpoints.id`).as('ordinal'),
      ];
    })
    .where('endpoints.endpoint_type_id', '=', endpointTypeId)
    .where((eb) => endpointsInEstate(eb, scope))
    .where((eb) =>
      eb.or([
        contains(eb.ref('endpoints.name'), term.text),
        ...(number ? [eb('endpoints.identifier', 'like', `%${likeEscape(number)}%`)] : []),
      ]),
    )
    .orderBy('ordinal')
    .limit(limit);
}

/** The caller's orders of one kind whose reference, or one of whose items' numbers, matches. */
export function findOrders(scope: EstateScope, orderType: OrderType, term: SearchTerm, limit: number): FoundQuery {
  const number = term.number;
  return scope.db
    .selectFrom('orders')
    .select((eb) => [
      'orders.id',
      'orders.reference as name',
      NO_REFERENCE.as('reference'),
      sql<string>`orders.id::text`.as('param'),
      ordinalBy(rankOf(eb.ref('orders.reference'), term), sql`orders.created_date DESC`, sql`orders.id`).as('ordinal'),
    ])
    .where('orders.order_type', '=', orderType)
    .where((eb) => ordersInEstateByCompany(eb, scope))
    .where((eb) =>
      eb.or([
        contains(eb.ref('orders.reference'), term.text),
        ...(number
          ? [
              // The matching items first (order_items_cli_trgm), not a look through every order's items; as an
              // array of ids, so that both sides of the OR are index scans (a BitmapOr with the reference's
              // index) where `id IN (…)` made PostgreSQL filter every order of the company (1.6 -> 0.3 ms).
              sql<SqlBool>`orders.id = ANY(ARRAY(${eb
                .selectFrom('order_items')
                .select('order_items.order_id')
                .where('order_items.company_id', 'in', scope.companyIds())
                .where('order_items.cli', 'like', `%${likeEscape(number)}%`)}))`,
            ]
          : []),
      ]),
    )
    .orderBy('ordinal')
    .limit(limit);
}

/** The caller's sites whose name matches. */
export function findSites(scope: EstateScope, term: SearchTerm, limit: number): FoundQuery {
  return scope.db
    .selectFrom('sites')
    .select((eb) => [
      'sites.id',
      'sites.name',
      NO_REFERENCE.as('reference'),
      sql<string>`sites.id::text`.as('param'),
      ordinalBy(rankOf(eb.ref('sites.name'), term), sql`sites.name`, sql`sites.id`).as('ordinal'),
    ])
    .where((eb) => sitesInEstate(eb, scope))
    .where((eb) => contains(eb.ref('sites.name'), term.text))
    .orderBy('ordinal')
    .limit(limit);
}

/** The caller's teams whose name matches. */
export function findTeams(scope: EstateScope, term: SearchTerm, limit: number): FoundQuery {
  return scope.db
    .selectFrom('teams')
    .select((eb) => [
      'teams.id',
      'teams.name',
      NO_REFERENCE.as('reference'),
      sql<string>`teams.id::text`.as('param'),
      ordinalBy(rankOf(eb.ref('teams.name'), term), sql`teams.name`, sql`teams.id`).as('ordinal'),
    ])
    .where((eb) => teamsInEstate(eb, scope))
    .where((eb) => contains(eb.ref('teams.name'), term.text))
    .orderBy('ordinal')
    .limit(limit);
}

/** The users of the caller's estate whose name or e-mail address matches. */
export function findUsers(scope: EstateScope, term: SearchTerm, limit: number): FoundQuery {
  // The users whose name or e-mail matches first (the trigram indexes find them), then the estate check on those
  // alone: `id in users()` would build the whole estate's users for every search. OFFSET 0 keeps PostgreSQL from
  // folding the two together and costing that check for every user (which also set JIT compiling).
  const candidates = scope.db
    .selectFrom('users')
    .select(['users.id', 'users.user_name'])
    .where((eb) =>
      eb.or([contains(eb.ref('users.user_name'), term.text), contains(eb.ref('users.email_address'), term.text)]),
    )
    .offset(0)
    .as('candidates');
  return scope.db
    .selectFrom(candidates)
    .select((eb) => [
      'candidates.id',
      'candidates.user_name as name',
      NO_REFERENCE.as('reference'),
      sql<string>`candidates.id::text`.as('param'),
      ordinalBy(rankOf(eb.ref('candidates.user_name'), term), sql`candidates.user_name`, sql`candidates.id`).as(
        'ordinal',
      ),
    ])
    .where((eb) => userInEstate(eb.ref('candidates.id'), scope))
    .orderBy('ordinal')
    .limit(limit);
}

/** The FAQs of the caller's partner whose title or text matches. */
export function findFaqs(scope: EstateScope, term: SearchTerm, limit: number): FoundQuery {
  return scope.db
    .selectFrom('faqs')
    .select((eb) => [
      'faqs.id',
      'faqs.title as name',
      NO_REFERENCE.as('reference'),
      sql<string>`faqs.id::text`.as('param'),
      ordinalBy(rankOf(eb.ref('faqs.title'), term), sql`faqs.sort_order`, sql`faqs.id`).as('ordinal'),
    ])
    .where('faqs.partner_id', '=', scope.caller.partnerId)
    .where((eb) => eb.or([contains(eb.ref('faqs.title'), term.text), contains(eb.ref('faqs.text'), term.text)]))
    .orderBy('ordinal')
    .limit(limit);
}
