import { ENDPOINT_TYPE } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/schema.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { notFound } from '../../http/errors.js';
import type { EndpointIds } from './usage-queries.js';

/** What a usage chart adds up: some endpoints of one company. */
export type UsageTarget = { companyId: number; endpoints: EndpointIds };

// Each lookup checks the estate in the same query that reads the company: an id outside the caller's estate is
// answered exactly like one that does not exist (404), in one round trip.

export async function endpointTarget(db: Kysely<Database>, scope: EstateScope, id: number) {
  const endpoint = await db
    .selectFrom('endpoints')
    .select(['company_id', 'endpoint_type_id'])
    .where('id', '=', id)
    .where('id', 'in', scope.endpoints())
    .executeTakeFirst();
  if (!endpoint) throw notFound();
  return {
    companyId: endpoint.company_id,
    endpointTypeId: endpoint.endpoint_type_id,
    endpoints: db.selectFrom('endpoints').select('id').where('id', '=', id),
  };
}

type Caller = Pick<Principal, 'profile'>;

/**
 * Whether every device of a site (or team) the caller sees is in their estate too, so the chart can skip
 * intersecting with it: at Company level all of the company's are; at Site level the estate is exactly the devices
 * of their sites, at Team level of their teams. Other levels see a site or team through some of its devices only.
 * Skipping it matters on a large estate: the planner cannot tell how many devices a company-wide estate holds and
 * would walk all of them (8,735 on the large data set) to find a site's hundred.
 */
export function seesWholeSitesOf(caller: Caller) {
  return caller.profile.level === 'Company' || caller.profile.level === 'Site';
}

function seesWholeTeamsOf(caller: Caller) {
  return caller.profile.level === 'Company' || caller.profile.level === 'Team';
}

/** A site's mobile devices (spec 2.8: the site views chart mobile usage), those of the caller's estate only. */
export async function siteTarget(
  db: Kysely<Database>,
  caller: Caller,
  scope: EstateScope,
  id: number,
): Promise<UsageTarget> {
  const site = await db
    .selectFrom('sites')
    .select('company_id')
    .where('id', '=', id)
    .where('id', 'in', scope.sites())
    .executeTakeFirst();
  if (!site) throw notFound();
  return {
    companyId: site.company_id,
    endpoints: db
      .selectFrom('endpoints')
      .select('endpoints.id')
      .where('endpoints.site_id', '=', id)
      .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
      .$if(!seesWholeSitesOf(caller), (query) => query.where('endpoints.id', 'in', scope.endpoints())),
  };
}

/** A team's mobile devices, those of the caller's estate only. */
export async function teamTarget(
  db: Kysely<Database>,
  caller: Caller,
  scope: EstateScope,
  id: number,
): Promise<UsageTarget> {
  const team = await db
    .selectFrom('teams')
    .select('company_id')
    .where('id', '=', id)
    .where('id', 'in', scope.teams())
    .executeTakeFirst();
  if (!team) throw notFound();
  return {
    companyId: team.company_id,
    endpoints: db
      .selectFrom('team_endpoints')
      .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
      .select('endpoints.id')
      .where('team_endpoints.team_id', '=', id)
      .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
      .$if(!seesWholeTeamsOf(caller), (query) => query.where('endpoints.id', 'in', scope.endpoints())),
  };
}
