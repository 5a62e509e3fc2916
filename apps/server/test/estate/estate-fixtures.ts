import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/** What the estate tests name: a company's lines, sites and teams as the demo database holds them. */
export function companyId(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
    .then((row) => row.id);
}

/** The company's first line of a type that is on a site and in a team (mobile) or on a site (broadband). */
export async function lineOf(db: Kysely<Database>, company: string, typeId: 1 | 3) {
  let query = db
    .selectFrom('endpoints')
    .select(['endpoints.id', 'endpoints.name', 'endpoints.identifier', 'endpoints.site_id', 'endpoints.company_id'])
    .where('endpoints.company_id', '=', await companyId(db, company))
    .where('endpoints.endpoint_type_id', '=', typeId)
    .where('endpoints.site_id', 'is not', null);
  if (typeId === 1) {
    query = query.where('endpoints.id', 'in', db.selectFrom('team_endpoints').select('endpoint_id'));
  }
  return query.orderBy('endpoints.id').executeTakeFirstOrThrow();
}

export async function sitesOf(db: Kysely<Database>, company: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'name'])
    .where('company_id', '=', await companyId(db, company))
    .orderBy('id')
    .execute();
}

export async function teamsOf(db: Kysely<Database>, company: string) {
  return db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('company_id', '=', await companyId(db, company))
    .orderBy('id')
    .execute();
}

export async function teamIdsOfLine(db: Kysely<Database>, endpointId: number) {
  const rows = await db
    .selectFrom('team_endpoints')
    .select('team_id')
    .where('endpoint_id', '=', endpointId)
    .orderBy('team_id')
    .execute();
  return rows.map((row) => row.team_id);
}
