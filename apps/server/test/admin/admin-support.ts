import type { AccessType, FunctionalityCode } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { App } from '../../src/app.js';
import type { Database } from '../../src/db/schema.js';
import { bearer, type SignedIn, signIn } from '../support/test-app.js';

export type ErrorBody = {
  message: string;
  code?: string;
  details?: Array<{ field: string; rule: string; message: string }>;
};

/** Calls the API as a signed-in user, JSON in and out. */
export function caller(app: () => App) {
  const sessions = new Map<string, SignedIn>();
  const session = async (userName: string) => {
    let signedIn = sessions.get(userName);
    if (!signedIn) {
      signedIn = await signIn(app(), userName);
      sessions.set(userName, signedIn);
    }
    return signedIn;
  };
  return async (userName: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      headers: bearer((await session(userName)).accessToken),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

export const idOf = async (db: Kysely<Database>, table: 'sites' | 'teams' | 'companies', name: string) =>
  (await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

export const userIdOf = async (db: Kysely<Database>, userName: string) =>
  (await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;

/** The first site (by id) of a company, and a mobile device on it. */
export async function siteWithDevice(db: Kysely<Database>, companyName: string) {
  const row = await db
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .select(['endpoints.id as endpointId', 'endpoints.site_id as siteId', 'endpoints.company_id as companyId'])
    .where('companies.name', '=', companyName)
    .where('endpoints.endpoint_type_id', '=', 1)
    .where('endpoints.site_id', 'is not', null)
    .orderBy('endpoints.id')
    .executeTakeFirstOrThrow();
  return { ...row, siteId: row.siteId as number };
}

/** `count` mobile (type 1) or broadband (type 3) devices of a company. */
export async function devicesOf(db: Kysely<Database>, companyName: string, type: 1 | 3, count: number) {
  const rows = await db
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .select('endpoints.id')
    .where('companies.name', '=', companyName)
    .where('endpoints.endpoint_type_id', '=', type)
    .orderBy('endpoints.id')
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

export async function functionalityIds(db: Kysely<Database>, pairs: Array<[FunctionalityCode, AccessType]>) {
  const rows = await db.selectFrom('functionality').select(['id', 'code', 'access_type']).execute();
  return pairs.map(([code, accessType]) => {
    const row = rows.find((r) => r.code === code && r.access_type === accessType);
    if (!row) throw new Error(`no functionality ${code} ${accessType}`);
    return row.id;
  });
}

export async function profileIdOf(db: Kysely<Database>, name: string) {
  return (await db.selectFrom('profiles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/**
 * A user made straight in the database with acme.admin's password, the given profile, functionality and
 * assignments: administrators who hold less than every code, or sit below Company level.
 */
export async function makeUser(
  db: Kysely<Database>,
  userName: string,
  profile: string,
  grants: Array<[FunctionalityCode, AccessType]>,
  assigned: { companyId?: number; siteId?: number },
) {
  const template = await db
    .selectFrom('users')
    .innerJoin('user_credentials', 'user_credentials.user_id', 'users.id')
    .select(['users.partner_id', 'user_credentials.password_hash'])
    .where('users.user_name', '=', 'acme.admin')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      partner_id: template.partner_id,
      user_name: userName,
      email_address: `${userName}@example.co.uk`,
      profile_id: await profileIdOf(db, profile),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_credentials').values({ user_id: user.id, password_hash: template.password_hash }).execute();
  const ids = await functionalityIds(db, grants);
  await db
    .insertInto('user_functionality')
    .values(ids.map((functionality_id) => ({ user_id: user.id, functionality_id })))
    .execute();
  if (assigned.companyId) {
    await db
      .insertInto('user_companies')
      .values({ user_id: user.id, company_id: assigned.companyId, partner_id: template.partner_id })
      .execute();
  }
  if (assigned.siteId)
    await db.insertInto('user_sites').values({ user_id: user.id, site_id: assigned.siteId }).execute();
  return user.id;
}

/** The latest audit row of a table's operation: who and which request made it. */
export function lastAudit(db: Kysely<Database>, table: string, operation: 'INSERT' | 'UPDATE' | 'DELETE') {
  return db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'request_id', 'before', 'after'])
    .where('table_name', '=', table)
    .where('operation', '=', operation)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}
