import type { AccessType, FunctionalityCode, SearchResult, SearchResultType } from '@portal/contract';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/schema.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { likeEscape, type SearchTerm } from './search-term.js';

type Grant = readonly [FunctionalityCode, AccessType];
type Found = { id: number; name: string; param: string; rank: number };

/**
 * One searchable kind of thing: what a caller needs to see it (any of the grants; none means any signed-in user)
 * and how to find matches inside the caller's estate, best first.
 */
type Finder = {
  type: SearchResultType;
  needs: readonly Grant[];
  param: string;
  find(context: FinderContext): Promise<Found[]>;
};

type FinderContext = {
  db: Kysely<Database>;
  scope: EstateScope;
  principal: Principal;
  term: SearchTerm;
  limit: number;
};

/** 0 exact, 1 starts with, 2 contains: the order results come back in, then by name. */
function rankOf(column: Expression<string>, term: SearchTerm) {
  const t = term.text;
  return sql<number>`CASE WHEN lower(${column}) = ${t} THEN 0 WHEN lower(${column}) LIKE ${`${likeEscape(t)}%`} THEN 1 ELSE 2 END`;
}

function contains(column: Expression<string>, value: string) {
  return sql<SqlBool>`lower(${column}) LIKE ${`%${likeEscape(value)}%`}`;
}

function endpointFinder(type: SearchResultType, endpointTypeId: 1 | 3, needs: readonly Grant[]): Finder {
  return {
    type,
    needs,
    param: 'cli',
    async find({ db, scope, term, limit }) {
      const number = term.number;
      // The company condition never narrows the answer (a visible line is of a visible company); it lets
      // PostgreSQL read only those companies' lines from endpoints_company_type_name before checking the scope.
      // At Company level it is the whole scope, so the `id in endpoints()` set is not built at all.
      return db
        .selectFrom('endpoints')
        .select((eb) => [
          'endpoints.id',
          sql<string>`endpoints.name || ' (' || endpoints.identifier || ')'`.as('name'),
          'endpoints.identifier as param',
          (number
            ? sql<number>`CASE WHEN endpoints.identifier = ${number} THEN 0 ELSE ${rankOf(eb.ref('endpoints.name'), term)} END`
            : rankOf(eb.ref('endpoints.name'), term)
          ).as('rank'),
        ])
        .where('endpoints.endpoint_type_id', '=', endpointTypeId)
        .where('endpoints.company_id', 'in', scope.companies())
        .$if(!scope.companyWide, (qb) => qb.where('endpoints.id', 'in', scope.endpoints()))
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
    },
  };
}

function orderFinder(type: SearchResultType, orderType: 'mobile' | 'broadband', needs: readonly Grant[]): Finder {
  return {
    type,
    needs,
    param: 'orderId',
    async find({ db, scope, term, limit }) {
      const number = term.number;
      // As for lines: the company condition lets orders_company_type_created find the candidates first.
      return db
        .selectFrom('orders')
        .select((eb) => [
          'orders.id',
          'orders.reference as name',
          sql<string>`orders.id::text`.as('param'),
          rankOf(eb.ref('orders.reference'), term).as('rank'),
        ])
        .where('orders.order_type', '=', orderType)
        .where('orders.company_id', 'in', scope.companies())
        .$if(!scope.companyWide, (qb) => qb.where('orders.id', 'in', scope.orders()))
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
    },
  };
}

function namedFinder(
  type: SearchResultType,
  table: 'sites' | 'teams',
  scopeOf: (scope: EstateScope) => ReturnType<EstateScope['sites']>,
  param: string,
  needs: readonly Grant[],
): Finder {
  return {
    type,
    needs,
    param,
    async find({ db, scope, term, limit }) {
      return db
        .selectFrom(table)
        .select((eb) => [
          `${table}.id` as 'sites.id',
          `${table}.name` as 'sites.name',
          sql<string>`${sql.ref(`${table}.id`)}::text`.as('param'),
          rankOf(eb.ref(`${table}.name` as 'sites.name'), term).as('rank'),
        ])
        .$if(scope.companyWide, (qb) => qb.where(`${table}.company_id` as 'sites.company_id', 'in', scope.companies()))
        .$if(!scope.companyWide, (qb) => qb.where(`${table}.id` as 'sites.id', 'in', scopeOf(scope)))
        .where((eb) => contains(eb.ref(`${table}.name` as 'sites.name'), term.text))
        .orderBy('rank')
        .orderBy(`${table}.name` as 'sites.name')
        .limit(limit)
        .execute() as Promise<Found[]>;
    },
  };
}

const userFinder: Finder = {
  type: 'User',
  needs: [['ManageUser', 'Read']],
  param: 'userId',
  async find({ db, scope, term, limit }) {
    // The users whose name or e-mail matches first (the trigram indexes find them), then the estate check on those
    // alone: `id in users()` would build the whole estate's users for every search. OFFSET 0 keeps PostgreSQL from
    // folding the two together and costing that check for every user (which also set JIT compiling).
    const candidates = db
      .selectFrom('users')
      .select(['users.id', 'users.user_name'])
      .where((eb) =>
        eb.or([contains(eb.ref('users.user_name'), term.text), contains(eb.ref('users.email_address'), term.text)]),
      )
      .offset(0)
      .as('candidates');
    return db
      .selectFrom(candidates)
      .select((eb) => [
        'candidates.id',
        'candidates.user_name as name',
        sql<string>`candidates.id::text`.as('param'),
        rankOf(eb.ref('candidates.user_name'), term).as('rank'),
      ])
      .where((eb) => scope.hasUser(eb.ref('candidates.id')))
      .orderBy('rank')
      .orderBy('candidates.user_name')
      .limit(limit)
      .execute();
  },
};

const faqFinder: Finder = {
  type: 'Faq',
  needs: [],
  param: 'faqId',
  async find({ db, principal, term, limit }) {
    return db
      .selectFrom('faqs')
      .select((eb) => [
        'faqs.id',
        'faqs.title as name',
        sql<string>`faqs.id::text`.as('param'),
        rankOf(eb.ref('faqs.title'), term).as('rank'),
      ])
      .where('faqs.partner_id', '=', principal.partnerId)
      .where((eb) => eb.or([contains(eb.ref('faqs.title'), term.text), contains(eb.ref('faqs.text'), term.text)]))
      .orderBy('rank')
      .orderBy('faqs.sort_order')
      .limit(limit)
      .execute();
  },
};

/** In the order the search page shows its sections (spec 2.17). */
const finders: readonly Finder[] = [
  endpointFinder('MobileDevice', 1, [
    ['EndPointSummary', 'Read'],
    ['MobileUserEstate', 'Read'],
  ]),
  endpointFinder('BroadbandContract', 3, [
    ['EndPointSummary', 'Read'],
    ['BroadbandUserEstate', 'Read'],
  ]),
  orderFinder('MobileOrder', 'mobile', [['MobileOrders', 'Read']]),
  orderFinder('BroadbandOrder', 'broadband', [['BroadbandOrders', 'Read']]),
  namedFinder('Site', 'sites', (scope) => scope.sites(), 'siteId', [
    ['ManageSite', 'Read'],
    ['MobileSiteEstate', 'Read'],
    ['BroadbandSiteEstate', 'Read'],
  ]),
  namedFinder('Team', 'teams', (scope) => scope.teams(), 'teamId', [
    ['ManageTeam', 'Read'],
    ['MobileTeamEstate', 'Read'],
  ]),
  userFinder,
  faqFinder,
];

export type SearchOptions = { type?: SearchResultType | undefined; count: number; top?: number | undefined };

/**
 * Searches everything the caller may open, inside their estate: up to `count` results of each type, best matches
 * first, and at most `top` in all.
 */
export async function search(
  db: Kysely<Database>,
  scope: EstateScope,
  principal: Principal,
  term: SearchTerm,
  options: SearchOptions,
): Promise<SearchResult[]> {
  const permitted = finders.filter(
    (finder) =>
      (!options.type || finder.type === options.type) &&
      (finder.needs.length === 0 || finder.needs.some(([code, access]) => principal.can(code, access))),
  );
  const found = await Promise.all(
    permitted.map(async (finder) => {
      const rows = await finder.find({ db, scope, principal, term, limit: options.count });
      return rows.map((row) => ({
        type: finder.type,
        id: row.id,
        params: { [finder.param]: row.param },
        name: row.name,
      }));
    }),
  );
  const results = found.flat();
  return options.top === undefined ? results : results.slice(0, options.top);
}
