import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/schema.js';

export type IdQuery = SelectQueryBuilder<Database, keyof Database, { id: number }>;

/** The right-hand side of `id in (…)`: ids written in as constants, or a subquery. */
export type IdSet = IdQuery | readonly number[];

export const isIdList = (set: IdSet): set is readonly number[] => Array.isArray(set);

/**
 * What the caller may see, as id subqueries to put in any query's WHERE: the one place estate visibility is
 * decided. By profile level:
 * - Company: everything of the user's companies;
 * - Site: the endpoints on the user's sites (and those sites, their companies, the teams those endpoints are in);
 * - Team: the endpoints in the user's teams (and those teams, their companies, the endpoints' sites);
 * - EndPoint: the user's own endpoints (and their sites, teams and companies).
 */
export type EstateScope = {
  /** The database, reached through the scope so that a repository cannot query without one. */
  db: Kysely<Database>;
  /** Whose estate this is. */
  caller: EstateCaller;
  companies(): IdQuery;
  /**
   * The caller's companies for `company_id in (…)`: the ids themselves where the signed-in caller's are known at
   * Company level, else companies(). With constants PostgreSQL plans no join to find them, and one company is
   * `company_id = 6` to it, so it estimates rows from that company's own statistics (8,735 lines, not the average
   * company's 200) and can read a list in index order.
   */
  companyIds(): IdSet;
  sites(): IdQuery;
  teams(): IdQuery;
  endpoints(): IdQuery;
  /** Company level: every order of the companies; other levels: orders with an item on a visible endpoint. */
  orders(): IdQuery;
  /** Users assigned to anything visible (company-level callers also see their companies' users), and oneself. */
  users(): IdQuery;
  /**
   * True at Company level, where the estate is whole companies: a site, team, endpoint or order is then visible
   * exactly when its `company_id` is in companies(), so a query can say that directly instead of `id in (…)`.
   */
  companyWide: boolean;
};

/**
 * What a scope needs to know of its caller: who, at which level, of which partner, holding what; and, for the
 * signed-in caller, the companies they belong to as read with them (another user's scope reads them in the query).
 */
export type EstateCaller = Pick<Principal, 'userId' | 'profile' | 'partnerId' | 'can'> &
  Partial<Pick<Principal, 'companyIds'>>;

/**
 * The caller's estate; with `onlyCompany`, the part of it in that one company (the company filter, decision 0075).
 * Narrowing the four base sets is enough: orders, users and every condition builder are derived from them.
 */
export function estateScope(db: Kysely<Database>, principal: EstateCaller, onlyCompany?: number): EstateScope {
  const whole = baseScope(db, principal);
  const base = onlyCompany === undefined ? whole : narrowedToCompany(db, whole, onlyCompany);
  const q = db;
  const ids = <T>(query: T) => query as unknown as IdQuery;
  const companyLevel = principal.profile.level === 'Company';
  return {
    ...base,
    db,
    caller: principal,
    companyWide: companyLevel,
    orders: () =>
      companyLevel
        ? ids(q.selectFrom('orders').select('orders.id').where('orders.company_id', 'in', base.companyIds()))
        : ids(
            q
              .selectFrom('order_items')
              .select('order_items.order_id as id')
              .where('order_items.endpoint_id', 'in', base.endpoints()),
          ),
    users: () => {
      const assigned = q
        .selectFrom('user_sites')
        .select('user_sites.user_id as id')
        .where('user_sites.site_id', 'in', base.sites())
        .union(
          q.selectFrom('user_teams').select('user_teams.user_id as id').where('user_teams.team_id', 'in', base.teams()),
        )
        .union(
          q
            .selectFrom('user_endpoints')
            .select('user_endpoints.user_id as id')
            .where((eb) =>
              companyLevel
                ? eb('user_endpoints.company_id', 'in', base.companyIds())
                : eb('user_endpoints.endpoint_id', 'in', base.endpoints()),
            ),
        )
        .union(q.selectFrom('users').select('users.id').where('users.id', '=', principal.userId));
      return ids(
        companyLevel
          ? assigned.union(
              q
                .selectFrom('user_companies')
                .select('user_companies.user_id as id')
                .where('user_companies.company_id', 'in', base.companyIds()),
            )
          : assigned,
      );
    },
  };
}

type BaseScope = Pick<EstateScope, 'companies' | 'companyIds' | 'sites' | 'teams' | 'endpoints'>;

function narrowedToCompany(db: Kysely<Database>, base: BaseScope, companyId: number): BaseScope {
  const ids = <T>(query: T) => query as unknown as IdQuery;
  const companies = () =>
    ids(
      db
        .selectFrom('companies')
        .select('companies.id')
        .where('companies.id', '=', companyId)
        .where('companies.id', 'in', base.companyIds()),
    );
  return {
    companies,
    companyIds: () => {
      const whole = base.companyIds();
      return isIdList(whole) && whole.includes(companyId) ? [companyId] : companies();
    },
    sites: () =>
      ids(
        db
          .selectFrom('sites')
          .select('sites.id')
          .where('sites.company_id', '=', companyId)
          .where('sites.id', 'in', base.sites()),
      ),
    teams: () =>
      ids(
        db
          .selectFrom('teams')
          .select('teams.id')
          .where('teams.company_id', '=', companyId)
          .where('teams.id', 'in', base.teams()),
      ),
    endpoints: () =>
      ids(
        db
          .selectFrom('endpoints')
          .select('endpoints.id')
          .where('endpoints.company_id', '=', companyId)
          .where('endpoints.id', 'in', base.endpoints()),
      ),
  };
}

function baseScope(db: Kysely<Database>, principal: EstateCaller): BaseScope {
  const userId = principal.userId;
  const q = db as unknown as Kysely<Database>;
  const ids = <T>(query: T) => query as unknown as IdQuery;

  switch (principal.profile.level) {
    case 'Company': {
      const companies = () =>
        ids(q.selectFrom('user_companies').select('company_id as id').where('user_id', '=', userId));
      // The signed-in caller's companies as constants (decision 0192). Another user's are not known, and an empty
      // list cannot be written `in ()`: the subquery says those.
      const known = principal.companyIds;
      const companyIds = () => (known?.length ? known : companies());
      return {
        companies,
        companyIds,
        sites: () => ids(q.selectFrom('sites').select('sites.id').where('sites.company_id', 'in', companyIds())),
        teams: () => ids(q.selectFrom('teams').select('teams.id').where('teams.company_id', 'in', companyIds())),
        endpoints: () =>
          ids(q.selectFrom('endpoints').select('endpoints.id').where('endpoints.company_id', 'in', companyIds())),
      };
    }
    case 'Site': {
      const sites = () => ids(q.selectFrom('user_sites').select('site_id as id').where('user_id', '=', userId));
      const endpoints = () =>
        ids(q.selectFrom('endpoints').select('endpoints.id').where('endpoints.site_id', 'in', sites()));
      return {
        sites,
        endpoints,
        ...companiesAs(() =>
          ids(q.selectFrom('sites').select('sites.company_id as id').where('sites.id', 'in', sites())),
        ),
        teams: () =>
          ids(q.selectFrom('team_endpoints').select('team_id as id').where('endpoint_id', 'in', endpoints())),
      };
    }
    case 'Team': {
      const teams = () => ids(q.selectFrom('user_teams').select('team_id as id').where('user_id', '=', userId));
      const endpoints = () =>
        ids(q.selectFrom('team_endpoints').select('endpoint_id as id').where('team_id', 'in', teams()));
      return {
        teams,
        endpoints,
        ...companiesAs(() =>
          ids(q.selectFrom('teams').select('teams.company_id as id').where('teams.id', 'in', teams())),
        ),
        sites: () =>
          ids(q.selectFrom('endpoints').select('endpoints.site_id as id').where('endpoints.id', 'in', endpoints())),
      };
    }
    case 'EndPoint': {
      const endpoints = () =>
        ids(q.selectFrom('user_endpoints').select('endpoint_id as id').where('user_id', '=', userId));
      return {
        endpoints,
        ...companiesAs(() =>
          ids(q.selectFrom('endpoints').select('endpoints.company_id as id').where('endpoints.id', 'in', endpoints())),
        ),
        sites: () =>
          ids(q.selectFrom('endpoints').select('endpoints.site_id as id').where('endpoints.id', 'in', endpoints())),
        teams: () =>
          ids(q.selectFrom('team_endpoints').select('team_id as id').where('endpoint_id', 'in', endpoints())),
      };
    }
  }
}

/** Below Company level the companies are those of what the caller holds: only a subquery can say them. */
const companiesAs = (companies: () => IdQuery) => ({ companies, companyIds: companies });
