import {
  CUSTOMER_MESSAGES,
  type CustomerCompany,
  type CustomerOnboarded,
  type CustomerOnboarding,
  type CustomerUser,
  type ODataQuery,
  type OdataList,
  VALIDATION_MESSAGES,
} from '@portal/contract';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { type Actor, recordEvent, writeAs } from '../../db/audit.js';
import { conflict, ERROR_CODES, HttpError, invalidField, notFound } from '../../http/errors.js';
import type { PartnerScope } from '../../scope/partner-scope.js';
import type { passwordService } from '../passwords/service.js';
import { userNameTaken, writeUser } from '../users/repository.js';
import { firstCredentials, queueFirstPasswordEmail } from '../users/service.js';
import * as customers from './repository.js';

const noSuchCustomer = () => notFound('No such customer');
const noSuchUser = () => notFound('No such user');

export type ConsoleCustomerDependencies = {
  /** The sign-in throttle, whose username counts an unlock clears and the users list reads. */
  signInThrottle: LoginThrottle;
  /** The password service of forgot password, whose e-mail a reset sends. */
  passwords: Pick<ReturnType<typeof passwordService>, 'resetByPartnerStaff'>;
  /** Where users reach the portal: the first administrator's e-mail links to its sign-in page. */
  publicUrl: string;
};

/** The reseller console's Customers (issue 27, decision 0219), for the partner's staff and their partner only. */
export function consoleCustomerService({ signInThrottle, passwords, publicUrl }: ConsoleCustomerDependencies) {
  async function customer(partner: PartnerScope, companyId: number): Promise<CustomerCompany> {
    const row = await customers.findCustomer(partner, companyId);
    if (!row) throw noSuchCustomer();
    const { createdAt, ...rest } = row;
    return { ...rest, createdDate: new Date(createdAt).toISOString() };
  }

  /** A page of the customer's users, each of the page with whether the throttle holds their username now. */
  async function users(
    partner: PartnerScope,
    companyId: number,
    options: ODataQuery,
  ): Promise<OdataList<CustomerUser>> {
    if (!(await customers.isPartnersCompany(partner, companyId))) throw noSuchCustomer();
    const list = await customers.listCustomerUsers(partner, companyId, options);
    const value = await Promise.all(
      list.value.map(async (row): Promise<CustomerUser> => {
        if (row.userName === undefined) return row;
        const gate = await signInThrottle.check(row.userName, undefined);
        return { ...row, throttled: !gate.allowed, throttledForSeconds: gate.allowed ? 0 : gate.retryAfterSeconds };
      }),
    );
    return { ...list, value };
  }

  async function customerUser(partner: PartnerScope, companyId: number, userId: number) {
    const user = await customers.findCustomerUser(partner, companyId, userId);
    if (!user) throw noSuchUser();
    return user;
  }

  /** The forgot-password e-mail, sent to a customer's user by the staff (audited as the staff member's). */
  async function resetPassword(partner: PartnerScope, actor: Actor, companyId: number, userId: number) {
    const user = await customerUser(partner, companyId, userId);
    if (!(await passwords.resetByPartnerStaff(user, actor, [companyId]))) {
      throw conflict(CUSTOMER_MESSAGES.singleSignOnOnly, { code: 'single_sign_on_only' });
    }
  }

  /** Clears the throttle's count of a customer's user's username, and records who did it. */
  async function unlock(partner: PartnerScope, actor: Actor, companyId: number, userId: number) {
    const user = await customerUser(partner, companyId, userId);
    const before = await signInThrottle.check(user.userName, undefined);
    if (!(await signInThrottle.clear(user.userName))) {
      throw new HttpError(503, 'The sign-in throttle could not be reached. Please try again in a few seconds.', {
        code: ERROR_CODES.serviceUnavailable,
        headers: { 'retry-after': '5' },
      });
    }
    await recordEvent(partner.db, {
      action: 'login.throttle_cleared',
      actor,
      target: { table: 'users', key: { id: user.id } },
      details: { userName: user.userName, wasThrottled: !before.allowed },
      companyIds: [companyId],
    });
  }

  /**
   * A new customer company of the partner and its first administrator, a Company Administrator with the profile's
   * functionality, e-mailed a temporary password as every new user is: one transaction, so a refusal at any point
   * leaves neither. The account number is unique across the portal, the name within the partner, the username
   * everywhere (look-alikes too, decision 0125); each refusal is a 400 naming its field.
   */
  async function onboard(partner: PartnerScope, actor: Actor, input: CustomerOnboarding): Promise<CustomerOnboarded> {
    // Hashing is slow on purpose, so it is done before the transaction rather than while it holds its locks.
    const firstPassword = await firstCredentials();
    const { companyId, administratorId } = await writeAs(partner.db, actor, async (trx) => {
      const scope: PartnerScope = { db: trx, partnerId: partner.partnerId };
      const taken = await customers.takenCompanyFields(scope, input);
      if (taken.accountNumber) throw invalidField('accountNumber', 'unique', CUSTOMER_MESSAGES.accountNumberTaken);
      if (taken.name) throw invalidField('name', 'unique', CUSTOMER_MESSAGES.companyNameTaken);
      if (await userNameTaken(scope, input.userName, undefined)) {
        throw invalidField('userName', 'unique', VALIDATION_MESSAGES.userNameTaken);
      }
      const companyId = await customers.insertCompany(scope, input).catch(takenOnRace);
      const { profile, functionalityIds } = await customers.firstAdministratorProfile(scope);
      const administratorId = await writeUser(
        { db: trx, caller: { partnerId: partner.partnerId } },
        { credentials: firstPassword.credentials },
        {
          userName: input.userName,
          emailAddress: input.emailAddress,
          profileId: profile.id,
          functionalityIds,
          companyIds: [companyId],
          siteIds: [],
          teamIds: [],
          endpointIds: [],
        },
      ).catch(takenOnRace);
      await queueFirstPasswordEmail(trx, administratorId, input, firstPassword.temporaryPassword, publicUrl);
      await recordEvent(trx, {
        action: 'console.customer_onboarded',
        actor,
        target: { table: 'companies', key: { id: companyId } },
        details: { name: input.name, accountNumber: input.accountNumber, administrator: input.userName },
        companyIds: [companyId],
      });
      return { companyId, administratorId };
    });
    return { company: await customer(partner, companyId), administratorId };
  }

  return {
    list: (partner: PartnerScope, options: ODataQuery) => customers.listCustomers(partner, options),
    customer,
    users,
    resetPassword,
    unlock,
    onboard,
  };
}

/** Two onboardings racing for one account number, name or username: the unique index refuses the second. */
function takenOnRace(error: unknown): never {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === '23505') {
    if (constraint?.includes('account_number')) {
      throw invalidField('accountNumber', 'unique', CUSTOMER_MESSAGES.accountNumberTaken);
    }
    if (constraint === 'companies_partner_name') {
      throw invalidField('name', 'unique', CUSTOMER_MESSAGES.companyNameTaken);
    }
    throw invalidField('userName', 'unique', VALIDATION_MESSAGES.userNameTaken);
  }
  throw error;
}
