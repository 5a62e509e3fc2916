import { type AccessType, ENDPOINT_TYPE, type EndpointRef, type NamedRef, type ODataQuery } from '@portal/contract';
import { sql } from 'kysely';
import { revokeOtherSessions } from '../../auth/refresh-tokens.js';
import { runODataList } from '../../odata/index.js';
import { userInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { storeTemporaryPassword } from '../passwords/repository.js';
import { usersResource } from './resource.js';

function usersOfEstate(scope: EstateScope) {
  return scope.db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .where('users.partner_id', '=', scope.caller.partnerId)
    .where((eb) => userInEstate(eb.ref('users.id'), scope));
}

/** A page of the users of the caller's estate (those assigned to anything in it, and the caller). */
export function listUsers(scope: EstateScope, options: ODataQuery) {
  return runODataList({ db: scope.db, baseQuery: usersOfEstate(scope), resource: usersResource, options });
}

export type UserRow = { id: number; userName: string; emailAddress: string; profileId: number };

/** One user of the caller's estate, or undefined; with `lock`, their row stays locked to the caller's transaction. */
export async function findUser(
  scope: EstateScope,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<UserRow | undefined> {
  return usersOfEstate(scope)
    .select([
      'users.id',
      'users.user_name as userName',
      'users.email_address as emailAddress',
      'users.profile_id as profileId',
    ])
    .where('users.id', '=', userId)
    .$if(options.lock === true, (query) => query.forUpdate('users'))
    .executeTakeFirst();
}

export type UserAssignments = {
  functionalityIds: number[];
  companies: NamedRef[];
  sites: NamedRef[];
  teams: NamedRef[];
  mobileEndPoints: EndpointRef[];
  broadbandEndPoints: EndpointRef[];
};

/** A user's functionality, and what they are assigned to of the caller's estate (nothing of others' is named). */
export async function assignmentsOf(scope: EstateScope, userId: number): Promise<UserAssignments> {
  const { db } = scope;
  const [functionality, companies, sites, teams, endpoints] = await Promise.all([
    db
      .selectFrom('user_functionality')
      .select('functionality_id as id')
      .where('user_id', '=', userId)
      .orderBy('functionality_id')
      .execute(),
    db
      .selectFrom('user_companies')
      .innerJoin('companies', 'companies.id', 'user_companies.company_id')
      .select(['companies.id', 'companies.name'])
      .where('user_companies.user_id', '=', userId)
      .where('companies.id', 'in', scope.companyIds())
      .orderBy('companies.name')
      .execute(),
    db
      .selectFrom('user_sites')
      .innerJoin('sites', 'sites.id', 'user_sites.site_id')
      .select(['sites.id', 'sites.name'])
      .where('user_sites.user_id', '=', userId)
      .where('sites.id', 'in', scope.sites())
      .orderBy('sites.name')
      .execute(),
    db
      .selectFrom('user_teams')
      .innerJoin('teams', 'teams.id', 'user_teams.team_id')
      .select(['teams.id', 'teams.name'])
      .where('user_teams.user_id', '=', userId)
      .where('teams.id', 'in', scope.teams())
      .orderBy('teams.name')
      .execute(),
    db
      .selectFrom('user_endpoints')
      .innerJoin('endpoints', 'endpoints.id', 'user_endpoints.endpoint_id')
      .select(['endpoints.id', 'endpoints.name', 'endpoints.identifier', 'endpoints.endpoint_type_id'])
      .where('user_endpoints.user_id', '=', userId)
      .where('endpoints.id', 'in', scope.endpoints())
      .orderBy('endpoints.name')
      .execute(),
  ]);
  const ofType = (type: number) =>
    endpoints.filter((e) => e.endpoint_type_id === type).map(({ id, name, identifier }) => ({ id, name, identifier }));
  return {
    functionalityIds: functionality.map((row) => row.id),
    companies,
    sites,
    teams,
    mobileEndPoints: ofType(ENDPOINT_TYPE.mobile),
    broadbandEndPoints: ofType(ENDPOINT_TYPE.broadband),
  };
}

/**
 * Whether another user than `exceptId` has this username or a look-alike of it, ignoring case (every partner's:
 * sign-in names are global). The database's `user_name_key()` says which names look alike (decision 0125); its
 * unique index refuses a look-alike that a racing save slips past this check.
 */
export async function userNameTaken(scope: Pick<EstateScope, 'db'>, userName: string, exceptId: number | undefined) {
  const row = await scope.db
    .selectFrom('users')
    .select('id')
    .where('user_name_key', '=', sql<string>`user_name_key(${userName})`)
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId as number))
    .executeTakeFirst();
  return row !== undefined;
}

export function findProfile(scope: EstateScope, profileId: number) {
  return scope.db.selectFrom('profiles').select(['id', 'name', 'level']).where('id', '=', profileId).executeTakeFirst();
}

/** Code and access type of each of `ids` that exists. */
export function functionalityAmong(scope: EstateScope, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return scope.db
    .selectFrom('functionality')
    .select(['id', 'code', 'description', 'access_type as accessType'])
    .where('id', 'in', ids)
    .$narrowType<{ accessType: AccessType }>()
    .execute();
}

/** Of `codes`, those the catalogue has a Read entry for (some are Write only: EndPointSimSwap, say). */
export async function codesWithRead(scope: EstateScope, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await scope.db
    .selectFrom('functionality')
    .select('code')
    .where('code', 'in', [...codes])
    .where('access_type', '=', 'Read')
    .execute();
  return new Set(rows.map((row) => row.code));
}

/** What an assignment list may name: of the caller's estate, and for endpoints of one type. */
export type AssignableKind = 'companies' | 'sites' | 'teams' | 'mobileEndPoints' | 'broadbandEndPoints';

/** Of `ids`, those of the kind in the caller's estate. */
export async function assignableAmong(scope: EstateScope, kind: AssignableKind, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const { db } = scope;
  const rows =
    kind === 'companies'
      ? await db
          .selectFrom('companies')
          .select('id')
          .where('id', 'in', ids)
          .where('id', 'in', scope.companyIds())
          .execute()
      : kind === 'sites'
        ? await db.selectFrom('sites').select('id').where('id', 'in', ids).where('id', 'in', scope.sites()).execute()
        : kind === 'teams'
          ? await db.selectFrom('teams').select('id').where('id', 'in', ids).where('id', 'in', scope.teams()).execute()
          : await db
              .selectFrom('endpoints')
              .select('id')
              .where('id', 'in', ids)
              .where('id', 'in', scope.endpoints())
              .where(
                'endpoint_type_id',
                '=',
                kind === 'mobileEndPoints' ? ENDPOINT_TYPE.mobile : ENDPOINT_TYPE.broadband,
              )
              .execute();
  return rows.map((row) => row.id);
}

export type UserWrite = {
  userName: string;
  emailAddress: string;
  profileId: number;
  functionalityIds: readonly number[];
  companyIds: readonly number[];
  siteIds: readonly number[];
  teamIds: readonly number[];
  endpointIds: readonly number[];
};

/**
 * What a user's write needs of its scope: the transaction and the partner the user belongs to. An administrator's
 * save passes their estate scope; the partner's staff onboarding a new customer pass their partner (decision 0219).
 */
export type UserWriteScope = Pick<EstateScope, 'db'> & { caller: Pick<EstateScope['caller'], 'partnerId'> };

/** A new user's credentials: a password nobody knows, and the temporary one e-mailed to them (decision 0111). */
export type FirstCredentials = { unknownPasswordHash: string; temporaryPasswordHash: string; lifetimeMs: number };

/**
 * Adds (with `credentials`) or changes a user; answers the id. Their functionality and assignments become exactly
 * those given: the caller changes only users who hold no more than they do (decision 0118). Run it in the save's
 * transaction (estate/scoped-write.ts), whose actor the audit log names.
 */
export async function writeUser(
  scope: UserWriteScope,
  target: { id: number } | { credentials: FirstCredentials },
  user: UserWrite,
): Promise<number> {
  const trx = scope.db;
  const fields = { user_name: user.userName, email_address: user.emailAddress, profile_id: user.profileId };
  let id: number;
  if ('id' in target) {
    id = target.id;
    await trx.updateTable('users').set(fields).where('id', '=', id).execute();
    for (const table of [
      'user_functionality',
      'user_companies',
      'user_sites',
      'user_teams',
      'user_endpoints',
    ] as const) {
      await trx.deleteFrom(table).where('user_id', '=', id).execute();
    }
  } else {
    id = (
      await trx
        .insertInto('users')
        .values({ ...fields, partner_id: scope.caller.partnerId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await trx
      .insertInto('user_credentials')
      .values({
        user_id: id,
        password_hash: target.credentials.unknownPasswordHash,
        reset_required: true,
        awaiting_first_password: true,
      })
      .execute();
    await storeTemporaryPassword(trx, id, target.credentials.temporaryPasswordHash, target.credentials.lifetimeMs);
  }
  const rows = <T>(ids: readonly number[], row: (value: number) => T) => ids.map(row);
  if (user.functionalityIds.length > 0) {
    await trx
      .insertInto('user_functionality')
      .values(rows(user.functionalityIds, (functionality_id) => ({ user_id: id, functionality_id })))
      .execute();
  }
  if (user.companyIds.length > 0) {
    await trx
      .insertInto('user_companies')
      .values(rows(user.companyIds, (company_id) => ({ user_id: id, company_id, partner_id: scope.caller.partnerId })))
      .execute();
  }
  if (user.siteIds.length > 0) {
    await trx
      .insertInto('user_sites')
      .values(rows(user.siteIds, (site_id) => ({ user_id: id, site_id })))
      .execute();
  }
  if (user.teamIds.length > 0) {
    await trx
      .insertInto('user_teams')
      .values(rows(user.teamIds, (team_id) => ({ user_id: id, team_id })))
      .execute();
  }
  if (user.endpointIds.length > 0) {
    // Each with its line's company (migration 0018).
    await trx
      .insertInto('user_endpoints')
      .columns(['user_id', 'endpoint_id', 'company_id'])
      .expression((eb) =>
        eb
          .selectFrom('endpoints')
          .select((s) => [s.val(id).as('user_id'), 'endpoints.id as endpoint_id', 'endpoints.company_id'])
          .where('endpoints.id', 'in', user.endpointIds),
      )
      .execute();
  }
  return id;
}

/**
 * Deletes a user, in the caller's transaction. Their sessions are revoked first, so the audit log shows them
 * ended; the delete then takes every credential and refresh token with it, and the next request with any of their
 * access tokens finds no user (auth/principal.ts reads the caller on every request) and answers 401.
 */
export async function deleteUser(scope: EstateScope, userId: number): Promise<void> {
  await endSessionsOf(scope, userId);
  await scope.db.deleteFrom('users').where('id', '=', userId).execute();
}

/** Revokes every session of the user; their access tokens fail at their next call (decision 0110). */
export async function endSessionsOf(scope: EstateScope, userId: number): Promise<void> {
  await revokeOtherSessions(scope.db, userId, null);
}
