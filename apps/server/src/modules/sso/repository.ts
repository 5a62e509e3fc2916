import type { ProfileLevel, SsoApprovalItem, SsoConnection, SsoGroupMapping } from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { estateScope } from '../../scope/estate-scope.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A connection as stored, its secret still sealed. */
export type ConnectionRow = {
  id: number;
  companyId: number;
  issuer: string;
  clientId: string;
  clientSecretSealed: Buffer;
  emailDomains: string[];
  groupMappings: SsoGroupMapping[];
  approvedAt: Date | null;
  updatedAt: Date;
};

const connectionColumns = [
  'sso_connections.id',
  'sso_connections.company_id',
  'sso_connections.issuer',
  'sso_connections.client_id',
  'sso_connections.client_secret_sealed',
  'sso_connections.group_mappings',
  'sso_connections.approved_at',
  'sso_connections.updated_at',
  sql<string[]>`ARRAY(SELECT d.domain FROM sso_email_domains d WHERE d.connection_id = sso_connections.id
    ORDER BY d.domain)`.as('email_domains'),
] as const;

type Selected = {
  id: number;
  company_id: number;
  issuer: string;
  client_id: string;
  client_secret_sealed: Buffer;
  group_mappings: unknown;
  approved_at: Date | null;
  updated_at: Date;
  email_domains: string[];
};

function rowOf(row: Selected): ConnectionRow {
  return {
    id: row.id,
    companyId: row.company_id,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecretSealed: Buffer.from(row.client_secret_sealed),
    emailDomains: row.email_domains,
    groupMappings: row.group_mappings as SsoGroupMapping[],
    approvedAt: row.approved_at,
    updatedAt: row.updated_at,
  };
}

/** The connection as its administrators and the partner's staff see it: never the secret. */
export function viewOf(row: ConnectionRow): SsoConnection {
  return {
    companyId: row.companyId,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: true,
    emailDomains: row.emailDomains,
    groupMappings: row.groupMappings,
    status: row.approvedAt ? 'approved' : 'awaiting_approval',
    approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether the company is one the caller administers as a whole: of their estate, at Company level. */
export async function isAdministeredCompany(scope: EstateScope, companyId: number): Promise<boolean> {
  if (scope.caller.profile.level !== 'Company') return false;
  const row = await scope.db
    .selectFrom('companies')
    .select('id')
    .where('id', '=', companyId)
    .where('id', 'in', scope.companies())
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's connection (the caller's: the company was checked first), locked for the write when asked. */
export async function connectionOfCompany(
  scope: EstateScope,
  companyId: number,
  options: { lock?: boolean } = {},
): Promise<ConnectionRow | undefined> {
  const row = await scope.db
    .selectFrom('sso_connections')
    .select(connectionColumns)
    .where('sso_connections.company_id', '=', companyId)
    .$if(options.lock === true, (query) => query.forUpdate())
    .executeTakeFirst();
  return row ? rowOf(row as Selected) : undefined;
}

/** The domains among `domains` that route to another company's connection. */
export async function domainsOfOthers(scope: EstateScope, companyId: number, domains: readonly string[]) {
  if (domains.length === 0) return [];
  const rows = await scope.db
    .selectFrom('sso_email_domains')
    .innerJoin('sso_connections', 'sso_connections.id', 'sso_email_domains.connection_id')
    .select('sso_email_domains.domain')
    .where('sso_email_domains.domain', 'in', domains)
    .where('sso_connections.company_id', '!=', companyId)
    .execute();
  return rows.map((row) => row.domain);
}

export type ConnectionWrite = {
  issuer: string;
  clientId: string;
  clientSecretSealed: Buffer;
  emailDomains: readonly string[];
  groupMappings: readonly SsoGroupMapping[];
  /** Kept as it is, or withdrawn (null) when what identifies the provider changed. */
  approvedAt: Date | null;
  approvedByUserId: number | null | undefined;
};

/** Adds or replaces the company's connection and its domains (inside the write's transaction). */
export async function writeConnection(scope: EstateScope, companyId: number, write: ConnectionWrite, now: Date) {
  const values = {
    issuer: write.issuer,
    client_id: write.clientId,
    client_secret_sealed: write.clientSecretSealed,
    group_mappings: JSON.stringify(write.groupMappings),
    approved_at: write.approvedAt,
    updated_at: now,
    ...(write.approvedByUserId === undefined ? {} : { approved_by_user_id: write.approvedByUserId }),
  };
  const { id } = await scope.db
    .insertInto('sso_connections')
    .values({ company_id: companyId, ...values })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  await scope.db.deleteFrom('sso_email_domains').where('connection_id', '=', id).execute();
  await scope.db
    .insertInto('sso_email_domains')
    .values(write.emailDomains.map((domain) => ({ domain, connection_id: id })))
    .execute();
}

/** Removes the company's connection: its domains, identities and sign-ins under way go with it. */
export async function deleteConnection(scope: EstateScope, companyId: number): Promise<boolean> {
  const result = await scope.db.deleteFrom('sso_connections').where('company_id', '=', companyId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The profile a mapping names, with its default functionality as (code, access type) pairs. */
export async function profileWithDefaults(db: Db, profileId: number) {
  const profile = await db
    .selectFrom('profiles')
    .select(['id', 'name', 'level'])
    .where('id', '=', profileId)
    .executeTakeFirst();
  if (!profile) return undefined;
  const functionality = await db
    .selectFrom('profile_functionality')
    .innerJoin('functionality', 'functionality.id', 'profile_functionality.functionality_id')
    .select(['functionality.id', 'functionality.code', 'functionality.description', 'functionality.access_type'])
    .where('profile_functionality.profile_id', '=', profileId)
    .orderBy('functionality.id')
    .execute();
  return { ...profile, functionality };
}

/** Of `ids`, the sites (or teams) of the company; within the scope's estate when one is given. */
export async function groupsOfCompany(
  db: Db,
  kind: 'sites' | 'teams',
  companyId: number,
  ids: readonly number[],
  scope?: EstateScope,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(kind)
    .select('id')
    .where('id', 'in', ids)
    .where('company_id', '=', companyId)
    .$if(scope !== undefined, (query) =>
      query.where('id', 'in', kind === 'sites' ? (scope as EstateScope).sites() : (scope as EstateScope).teams()),
    )
    .execute();
  return rows.map((row) => row.id);
}

// The partner's staff: the connections of their partner's companies.

const approvalColumns = [...connectionColumns, 'companies.name as company_name'] as const;

export async function connectionsOfPartner(db: Db, partnerId: number): Promise<SsoApprovalItem[]> {
  const rows = await db
    .selectFrom('sso_connections')
    .innerJoin('companies', 'companies.id', 'sso_connections.company_id')
    .select(approvalColumns)
    .where('companies.partner_id', '=', partnerId)
    .orderBy(sql`sso_connections.approved_at IS NOT NULL`)
    .orderBy('companies.name')
    .execute();
  return rows.map((row) => approvalItemOf(row as Selected & { company_name: string }));
}

export async function connectionOfPartnerCompany(db: Db, partnerId: number, companyId: number) {
  const row = await db
    .selectFrom('sso_connections')
    .innerJoin('companies', 'companies.id', 'sso_connections.company_id')
    .select(approvalColumns)
    .where('companies.partner_id', '=', partnerId)
    .where('sso_connections.company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
  return row ? approvalItemOf(row as Selected & { company_name: string }) : undefined;
}

function approvalItemOf(row: Selected & { company_name: string }): SsoApprovalItem {
  const { groupMappings: _hidden, ...view } = viewOf(rowOf(row));
  return { ...view, companyName: row.company_name };
}

export async function setApproval(db: Db, companyId: number, approver: number | null, now: Date) {
  await db
    .updateTable('sso_connections')
    .set({ approved_at: approver === null ? null : now, approved_by_user_id: approver })
    .where('company_id', '=', companyId)
    .execute();
}

// Signing in.

/** The connection a sign-in goes to: by the e-mail address's domain, or by the username's one company. */
export async function connectionForLogin(db: Db, login: string): Promise<ConnectionRow | undefined> {
  const at = login.lastIndexOf('@');
  if (at >= 0) {
    const row = await db
      .selectFrom('sso_connections')
      .innerJoin('sso_email_domains', 'sso_email_domains.connection_id', 'sso_connections.id')
      .select(connectionColumns)
      .where('sso_email_domains.domain', '=', login.slice(at + 1).toLowerCase())
      .executeTakeFirst();
    return row ? rowOf(row as Selected) : undefined;
  }
  const user = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(user_name)`, '=', login.toLowerCase())
    .executeTakeFirst();
  if (!user) return undefined;
  const [companyId, ...others] = await companiesOfUser(db, user.id);
  if (companyId === undefined || others.length > 0) return undefined;
  return connectionById(db, { companyId });
}

export async function connectionById(db: Db, which: { id: number } | { companyId: number }) {
  const row = await db
    .selectFrom('sso_connections')
    .select(connectionColumns)
    .where((eb) =>
      'id' in which ? eb('sso_connections.id', '=', which.id) : eb('sso_connections.company_id', '=', which.companyId),
    )
    .executeTakeFirst();
  return row ? rowOf(row as Selected) : undefined;
}

/**
 * The companies a user's estate reaches (their companies at Company level; those of their sites, teams or lines
 * below), none for the partner's staff, whose role reaches no estate.
 */
export async function companiesOfUser(db: Db, userId: number): Promise<number[]> {
  const user = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select([
      'users.id',
      'users.partner_id',
      'users.roles',
      'profiles.id as profileId',
      'profiles.name',
      'profiles.level',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user || user.roles.includes('partner-staff')) return [];
  const theirs = estateScope(db as Kysely<Database>, {
    userId: user.id,
    partnerId: user.partner_id,
    profile: { id: user.profileId, name: user.name, level: user.level as ProfileLevel },
    can: () => false,
  });
  const rows = await db.selectFrom('companies').select('id').where('id', 'in', theirs.companies()).execute();
  return rows.map((row) => row.id);
}

export type SignInUnderWay = {
  state: string;
  connectionId: number;
  browserHash: string;
  codeVerifier: string;
  nonce: string;
  login: string;
  expiresAt: Date;
};

/** Keeps a sign-in under way (and forgets those whose time is up). */
export async function storeSignIn(db: Db, signIn: SignInUnderWay, now: Date) {
  await db.deleteFrom('sso_sign_ins').where('expires_at', '<=', now).execute();
  await db
    .insertInto('sso_sign_ins')
    .values({
      state: signIn.state,
      connection_id: signIn.connectionId,
      browser_hash: signIn.browserHash,
      code_verifier: signIn.codeVerifier,
      nonce: signIn.nonce,
      login: signIn.login,
      expires_at: signIn.expiresAt,
    })
    .execute();
}

/** The sign-in of this state, removed as it is read: a state works once. */
export async function takeSignIn(db: Db, state: string): Promise<SignInUnderWay | undefined> {
  const row = await db.deleteFrom('sso_sign_ins').where('state', '=', state).returningAll().executeTakeFirst();
  if (!row) return undefined;
  return {
    state: row.state,
    connectionId: row.connection_id,
    browserHash: row.browser_hash,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    login: row.login,
    expiresAt: row.expires_at,
  };
}

// Who signs in through a provider (provisioning.ts decides; these read and write inside its transaction).

export async function partnerOfCompany(trx: Transaction<Database>, companyId: number): Promise<number> {
  const company = await trx
    .selectFrom('companies')
    .select('partner_id')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return company.partner_id;
}

/** The user the provider's subject was linked to, locked, and whether the portal made them. */
export function linkedIdentity(trx: Transaction<Database>, connectionId: number, subject: string) {
  return trx
    .selectFrom('sso_identities')
    .innerJoin('users', 'users.id', 'sso_identities.user_id')
    .select(['sso_identities.user_id', 'sso_identities.provisioned', 'users.user_name'])
    .where('sso_identities.connection_id', '=', connectionId)
    .where('sso_identities.subject', '=', subject)
    .forUpdate()
    .executeTakeFirst();
}

/** The partner's users with this e-mail address (any case). */
export async function usersWithAddress(trx: Transaction<Database>, partnerId: number, email: string) {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('partner_id', '=', partnerId)
    .where((eb) => eb(eb.fn('lower', ['email_address']), '=', email.toLowerCase()))
    .execute();
  return rows.map((row) => row.id);
}

/** Whether the user is already linked to a subject of this connection. */
export async function isLinked(trx: Transaction<Database>, connectionId: number, userId: number) {
  const row = await trx
    .selectFrom('sso_identities')
    .select('subject')
    .where('connection_id', '=', connectionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new user of the partner, signing in only through their provider: `passwordHash` is of a password nobody knows. */
export async function insertUser(
  trx: Transaction<Database>,
  user: { partnerId: number; userName: string; email: string; profileId: number; passwordHash: string },
): Promise<number> {
  const { id } = await trx
    .insertInto('users')
    .values({
      partner_id: user.partnerId,
      user_name: user.userName,
      email_address: user.email,
      profile_id: user.profileId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('user_credentials').values({ user_id: id, password_hash: user.passwordHash }).execute();
  return id;
}

export async function linkIdentity(
  trx: Transaction<Database>,
  link: { connectionId: number; subject: string; userId: number; provisioned: boolean },
) {
  await trx
    .insertInto('sso_identities')
    .values({
      connection_id: link.connectionId,
      subject: link.subject,
      user_id: link.userId,
      provisioned: link.provisioned,
    })
    .execute();
}

export async function touchIdentity(trx: Transaction<Database>, connectionId: number, subject: string) {
  await trx
    .updateTable('sso_identities')
    .set({ last_sign_in_at: new Date() })
    .where('connection_id', '=', connectionId)
    .where('subject', '=', subject)
    .execute();
}
