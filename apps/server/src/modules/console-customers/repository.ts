import type { ODataQuery } from '@portal/contract';
import { sql } from 'kysely';
import { runODataList } from '../../odata/index.js';
import type { PartnerScope } from '../../scope/partner-scope.js';
import {
  COUNT_EXPRESSIONS,
  customersResource,
  customerUsersResource,
  isCustomerUser,
  linkedUserIds,
} from './resource.js';

// The console's customers: every query starts from the staff member's partner, so another partner's company or
// user is not found, exactly like one that does not exist (decision 0219).

function companiesOfPartner(partner: PartnerScope) {
  return partner.db.selectFrom('companies').where('companies.partner_id', '=', partner.partnerId);
}

/** A page of the partner's customer companies with their counts. */
export function listCustomers(partner: PartnerScope, options: ODataQuery) {
  return runODataList({
    db: partner.db,
    baseQuery: companiesOfPartner(partner),
    resource: customersResource,
    options,
  });
}

/** One customer company of the partner with its counts, or undefined. */
export function findCustomer(partner: PartnerScope, companyId: number) {
  return companiesOfPartner(partner)
    .select([
      'companies.id',
      'companies.name',
      'companies.account_number as accountNumber',
      'companies.created_at as createdAt',
      COUNT_EXPRESSIONS.users.as('users'),
      COUNT_EXPRESSIONS.mobileDevices.as('mobileDevices'),
      COUNT_EXPRESSIONS.broadbandContracts.as('broadbandContracts'),
      COUNT_EXPRESSIONS.sites.as('sites'),
      COUNT_EXPRESSIONS.teams.as('teams'),
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
}

/** Whether the company is one of the partner's. */
export async function isPartnersCompany(partner: PartnerScope, companyId: number): Promise<boolean> {
  const row = await companiesOfPartner(partner)
    .select('companies.id')
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's users, never the partner's staff: `users` joined to their profile, for a list or a lookup. */
function usersOfCustomer(partner: PartnerScope, companyId: number) {
  return partner.db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .where('users.partner_id', '=', partner.partnerId)
    .where('users.id', 'in', sql<number>`(SELECT linked.user_id FROM ${linkedUserIds(sql.lit(companyId))} linked)`)
    .where(isCustomerUser({ roles: sql.ref('users.roles') }));
}

/** A page of a customer's users (the company must be the partner's: see isPartnersCompany). */
export function listCustomerUsers(partner: PartnerScope, companyId: number, options: ODataQuery) {
  return runODataList({
    db: partner.db,
    baseQuery: usersOfCustomer(partner, companyId),
    resource: customerUsersResource,
    options,
  });
}

/** A user of the partner's customer company (never one of the partner's staff), or undefined. */
export function findCustomerUser(partner: PartnerScope, companyId: number, userId: number) {
  return usersOfCustomer(partner, companyId)
    .innerJoin('companies', (join) =>
      join.on('companies.id', '=', companyId).on('companies.partner_id', '=', partner.partnerId),
    )
    .select(['users.id', 'users.user_name as userName', 'users.email_address as emailAddress'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export type CompanyWrite = { name: string; accountNumber: string };

/** Which of the onboarding's unique values another row already has: the account number (any partner's), the name. */
export async function takenCompanyFields(partner: PartnerScope, company: CompanyWrite) {
  const [accountNumber, name] = await Promise.all([
    partner.db
      .selectFrom('companies')
      .select('id')
      .where('account_number', '=', company.accountNumber)
      .executeTakeFirst(),
    companiesOfPartner(partner)
      .select('companies.id')
      .where(sql`lower(companies.name)`, '=', company.name.toLowerCase())
      .executeTakeFirst(),
  ]);
  return { accountNumber: accountNumber !== undefined, name: name !== undefined };
}

/** Adds a customer company of the partner; answers its id. */
export async function insertCompany(partner: PartnerScope, company: CompanyWrite): Promise<number> {
  const row = await partner.db
    .insertInto('companies')
    .values({ partner_id: partner.partnerId, name: company.name, account_number: company.accountNumber })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The profile a new customer's first administrator gets, and the functionality it gives a new user. */
export async function firstAdministratorProfile(partner: PartnerScope) {
  const profile = await partner.db
    .selectFrom('profiles')
    .select(['id', 'name', 'level'])
    .where('name', '=', 'Company Administrator')
    .where('level', '=', 'Company')
    .executeTakeFirstOrThrow();
  const functionality = await partner.db
    .selectFrom('profile_functionality')
    .select('functionality_id as id')
    .where('profile_id', '=', profile.id)
    .orderBy('functionality_id')
    .execute();
  return { profile, functionalityIds: functionality.map((row) => row.id) };
}
