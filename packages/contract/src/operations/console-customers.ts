import { z } from 'zod';
import { odataList } from '../api';
import {
  CustomerCompanySchema,
  CustomerListItemSchema,
  CustomerOnboardedSchema,
  CustomerOnboardingSchema,
  CustomerUserSchema,
} from '../entities/console-customers';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';
import { idParam } from '../params';

// The reseller console's Customers (issue 27, docs/decisions/0219): the staff member's own partner's companies
// only; another partner's company or user answers 404, and partner staff are never a customer's users.

const partnerStaff = { role: 'partner-staff' } as const;
const CompanyParams = z.object({ companyId: idParam('customerCompany') });
const UserParams = CompanyParams.extend({ userId: idParam('customerUser') });

export const list = operation({
  method: 'GET',
  path: '/api/console/customers',
  summary:
    "The staff member's partner's customer companies with their users and estate counts (OData: $select, $filter, $orderby, $top, $skip, $count)",
  access: partnerStaff,
  query: ODataQuerySchema,
  response: odataList(CustomerListItemSchema),
});

export const onboard = operation({
  method: 'POST',
  path: '/api/console/customers',
  summary:
    'Onboard a new customer company of the partner with its first administrator, who is e-mailed a temporary password',
  access: partnerStaff,
  body: CustomerOnboardingSchema,
  successStatus: 201,
  response: CustomerOnboardedSchema,
});

export const get = operation({
  method: 'GET',
  path: '/api/console/customers/:companyId',
  summary: "A customer company of the staff member's partner with its users and estate counts",
  access: partnerStaff,
  params: CompanyParams,
  response: CustomerCompanySchema,
});

export const users = operation({
  method: 'GET',
  path: '/api/console/customers/:companyId/users',
  summary:
    "A customer's users with their profile, last sign-in and whether the sign-in throttle holds their username (OData: $select, $filter, $orderby, $top, $skip, $count)",
  access: partnerStaff,
  params: CompanyParams,
  query: ODataQuerySchema,
  response: odataList(CustomerUserSchema),
});

export const resetPassword = operation({
  method: 'POST',
  path: '/api/console/customers/:companyId/users/:userId/password-reset',
  summary:
    "Send a customer's user a temporary password, as the sign-in page's forgot password does (their password works until it is used)",
  access: partnerStaff,
  params: UserParams,
  successStatus: 204,
  response: z.null(),
});

export const unlock = operation({
  method: 'POST',
  path: '/api/console/customers/:companyId/users/:userId/unlock',
  summary: "Clear the sign-in throttle's count of a customer's user's username, so they may sign in again at once",
  access: partnerStaff,
  params: UserParams,
  successStatus: 204,
  response: z.null(),
});
