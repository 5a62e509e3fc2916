import type { OrderType } from '@portal/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
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
 * One match: its id, the name to show, the number it is known by (lines only), the parameter of its page, and how
 * well it matched (0 best).
 */
export type Found = { id: number; name: string; reference?: string; param: string; rank: number };

/** 0 exact, 1 starts with, 2 contains: the order results come back in, then by name. */
function rankOf(column: Expression<string>, term: SearchTerm) {
  const t = term.text;
  return sql<number>`CASE WHEN lower(${column}) = ${t} THEN 0 WHEN lower(${column}) LIKE ${`${likeEscape(t)}%`} THEN 1 ELSE 2 END`;
}

/** Written as the trigram indexes' expressions (migration 0005), or PostgreSQL will not use them. */
function contains(column: Expression<string>, value: string) {
  return sql<SqlBool>`lower(${column}) LIKE ${`%${likeEscape(value)}%`}`;
}

/** The caller's lines of one type whose name or number matches. */
export function findLines(scope: EstateScope, endpointTypeId: 1 | 3, term: SearchTerm, limit: number) {
  const number = term.number;
  return scope.db
    .selectFrom('endpoints')
    .select((eb) => [
      'endpoints.id',
      'endpoints.name',
      'endpoints.identifier as reference',
      'endpoints.identifier as param',
      (number
        ? sql<number>`CASE WHEN endpoints.identifier = ${number} THEN 0 ELSE ${rankOf(eb.ref('endpoints.name'), term)} END`
        : rankOf(eb.ref('endpoints.name'), term)
      ).as('rank'),
    ])
    .where('endpoints.endpoint_type_id', '=', endpointTypeId)
    .where((eb) => endpointsInEstate(eb, scope))
    .where((eb) =>
      eb.or([
        contains(eb.ref('endpoints.name'), term.text),
        ...(number ? [eb('endpoints.identifier', 'like', `%${likeEscape(number)}%`)] : []),
      ]),
    )
    .orderBy('rank')
    .orderBy('endpoints.name')
    .orderBy('endpoints.id')
    .limit(limit)
    .execute();
}

/** The caller's orders of one kind whose reference, or one of whose items' numbers, matches. */
export function findOrders(scope: EstateScope, orderType: OrderType, term: SearchTerm, limit: number) {
  const number = term.number;
  return scope.db
    .selectFrom('orders')
    .select((eb) => [
      'orders.id',
      'orders.reference as name',
      sql<string>`orders.id::text`.as('param'),
      rankOf(eb.ref('orders.reference'), term).as('rank'),
    ])
    .where('orders.order_type', '=', orderType)
    .where((eb) => ordersInEstateByCompany(eb, scope))
    .where((eb) =>
      eb.or([
        contains(eb.ref('orders.reference'), term.text),
        ...(number
          ? [
              // The matching items first (order_items_cli_trgm), not a look through every order's items.
              eb(
                'orders.id',
                'in',
                eb
                  .selectFrom('order_items')
                  .select('order_items.order_id')
                  .where('order_items.cli', 'like', `%${likeEscape(number)}%`),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('rank')
    .orderBy('orders.created_date', 'desc')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
}

/** The caller's sites whose name matches. */
export function findSites(scope: EstateScope, term: SearchTerm, limit: number): Promise<Found[]> {
  return scope.db
    .selectFrom('sites')
    .select((eb) => [
      'sites.id',
      'sites.name',
      sql<string>`sites.id::text`.as('param'),
      rankOf(eb.ref('sites.name'), term).as('rank'),
    ])
    .where((eb) => sitesInEstate(eb, scope))
    .where((eb) => contains(eb.ref('sites.name'), term.text))
    .orderBy('rank')
    .orderBy('sites.name')
    .limit(limit)
    .execute();
}

/** The caller's teams whose name matches. */
export function findTeams(scope: EstateScope, term: SearchTerm, limit: number): Promise<Found[]> {
  return scope.db
    .selectFrom('teams')
    .select((eb) => [
      'teams.id',
      'teams.name',
      sql<string>`teams.id::text`.as('param'),
      rankOf(eb.ref('teams.name'), term).as('rank'),
    ])
    .where((eb) => teamsInEstate(eb, scope))
    .where((eb) => contains(eb.ref('teams.name'), term.text))
    .orderBy('rank')
    .orderBy('teams.name')
    .limit(limit)
    .execute();
}

/** The users of the caller's estate whose name or e-mail address matches. */
export function findUsers(scope: EstateScope, term: SearchTerm, limit: number) {
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
      sql<string>`candidates.id::text`.as('param'),
      rankOf(eb.ref('candidates.user_name'), term).as('rank'),
    ])
    .where((eb) => userInEstate(eb.ref('candidates.id'), scope))
    .orderBy('rank')
    .orderBy('candidates.user_name')
    .limit(limit)
    .execute();
}

/** The FAQs of the caller's partner whose title or text matches. */
export function findFaqs(scope: EstateScope, term: SearchTerm, limit: number) {
  return scope.db
    .selectFrom('faqs')
    .select((eb) => [
      'faqs.id',
      'faqs.title as name',
      sql<string>`faqs.id::text`.as('param'),
      rankOf(eb.ref('faqs.title'), term).as('rank'),
    ])
    .where('faqs.partner_id', '=', scope.caller.partnerId)
    .where((eb) => eb.or([contains(eb.ref('faqs.title'), term.text), contains(eb.ref('faqs.text'), term.text)]))
    .orderBy('rank')
    .orderBy('faqs.sort_order')
    .limit(limit)
    .execute();
}
