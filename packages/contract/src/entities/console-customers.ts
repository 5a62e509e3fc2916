import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { CountSchema, IdSchema, IsoDateTimeSchema, NonEmptyStringSchema } from '../primitives';
import { requiredText } from '../rules/text-fields';
import { UserEmailAddressInputSchema, UserNameInputSchema } from '../validation';

// The reseller console's Customers (issue 27, docs/decisions/0219): the partner's companies with their users and
// estate counts, a customer's users with their sign-in state, and onboarding a new customer.

/** A customer's account number: 3 to 20 capital letters, digits and hyphens, starting with a letter or digit. */
export const ACCOUNT_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,19}$/;
export const ACCOUNT_NUMBER_MESSAGE =
  'An account number has 3 to 20 capital letters, digits or hyphens, starting with a letter or digit';

/** The words both the onboarding form and the server's refusals use. */
export const CUSTOMER_MESSAGES = {
  accountNumberTaken: 'This account number is already in use',
  companyNameTaken: 'Your partner already has a customer of this name',
  resetSent: (userName: string) => `A temporary password is on its way to ${userName}.`,
  unlocked: (userName: string) => `${userName} can sign in again.`,
  onboarded: (name: string) => `${name} is onboarded; its administrator has been e-mailed a temporary password.`,
  singleSignOnOnly: 'This customer signs in through its identity provider only: it has no passwords to reset',
} as const;

/** What a customer's row and page count: their users and estate (partner staff are never a customer's users). */
export const CustomerCountsSchema = z.object({
  users: CountSchema,
  mobileDevices: CountSchema,
  broadbandContracts: CountSchema,
  sites: CountSchema,
  teams: CountSchema,
});
export type CustomerCounts = z.infer<typeof CustomerCountsSchema>;

/** A row of the console's Customers list; `$select` picks the fields. */
export const CustomerListItemSchema = z
  .object({
    id: IdSchema,
    name: NonEmptyStringSchema,
    accountNumber: NonEmptyStringSchema,
    createdDate: IsoDateTimeSchema,
  })
  .extend(CustomerCountsSchema.shape)
  .partial();
export type CustomerListItem = z.infer<typeof CustomerListItemSchema>;

/** A customer company of the staff member's partner, with its counts. */
export const CustomerCompanySchema = z
  .object({
    id: IdSchema,
    name: NonEmptyStringSchema,
    accountNumber: NonEmptyStringSchema,
    createdDate: IsoDateTimeSchema,
  })
  .extend(CustomerCountsSchema.shape);
export type CustomerCompany = z.infer<typeof CustomerCompanySchema>;

/**
 * A user of a customer: who they are, their profile, whether they still have to set their first password, when
 * they last signed in (null: never, as far as the sessions kept tell), and whether the sign-in throttle holds their
 * username now (and for how many more seconds). `throttled` is read after the page is chosen, so it is neither
 * filtered nor sorted on.
 */
export const CustomerUserSchema = z
  .object({
    id: IdSchema,
    userName: NonEmptyStringSchema,
    emailAddress: z.string(),
    profileName: NonEmptyStringSchema,
    awaitingFirstPassword: z.boolean(),
    lastSignIn: IsoDateTimeSchema.nullable(),
    throttled: z.boolean(),
    throttledForSeconds: CountSchema,
  })
  .partial();
export type CustomerUser = z.infer<typeof CustomerUserSchema>;

/** A new customer company of the staff member's partner and its first administrator (a Company Administrator). */
export const CustomerOnboardingSchema = z.object({
  name: requiredText('Company name', MAX_LENGTH.name),
  accountNumber: requiredText('Account number', 20).regex(ACCOUNT_NUMBER_PATTERN, ACCOUNT_NUMBER_MESSAGE),
  userName: UserNameInputSchema,
  emailAddress: UserEmailAddressInputSchema,
});
export type CustomerOnboarding = z.infer<typeof CustomerOnboardingSchema>;

/** What an onboarding answers: the new company and its administrator's id. */
export const CustomerOnboardedSchema = z.object({
  company: CustomerCompanySchema,
  administratorId: IdSchema,
});
export type CustomerOnboarded = z.infer<typeof CustomerOnboardedSchema>;

/** The link to view the portal as a customer's user (another screen of the console, `console/view-as/:userId`). */
export function viewAsPath(userId: number): string {
  return `/console/view-as/${userId}`;
}
