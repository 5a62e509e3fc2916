import { z } from 'zod';
import { ApiErrorSchema } from '../api';
import {
  CurrentViewAsSchema,
  ViewAsCandidateSchema,
  ViewAsEndReplySchema,
  ViewAsStartReplySchema,
  ViewAsStartRequestSchema,
} from '../entities/view-as';
import { operation } from '../operation';
import { idParam } from '../params';

// View as customer (docs/decisions/0220): partner staff see the portal as one of their partner's customer users,
// read-only and for a limited time; every request of the view is audited under both identities.

const partnerStaff = { role: 'partner-staff' } as const;
const CustomerUserParams = z.object({ userId: idParam('customerUser') });

export const candidate = operation({
  method: 'GET',
  path: '/api/console/viewAs/users/:userId',
  summary: "A customer user of the staff member's partner to view the portal as: name, profile and companies",
  access: partnerStaff,
  params: CustomerUserParams,
  response: ViewAsCandidateSchema,
});

export const start = operation({
  method: 'POST',
  path: '/api/console/viewAs/users/:userId',
  summary:
    "Start viewing the portal as a customer user of the staff member's partner, read-only, with a written reason and for a limited time: answers the view's session as a sign-in does",
  access: partnerStaff,
  params: CustomerUserParams,
  body: ViewAsStartRequestSchema,
  response: ViewAsStartReplySchema,
});

export const current = operation({
  method: 'GET',
  path: '/api/viewAs',
  summary: "The view as customer the caller's session is, or null",
  access: 'signed-in',
  wholeEstate: true,
  response: CurrentViewAsSchema,
});

export const end = operation({
  method: 'DELETE',
  path: '/api/viewAs',
  summary:
    "End the view as customer the caller's session is: back to the staff member's own session if it is still live, else signed out",
  access: 'signed-in',
  wholeEstate: true,
  response: ViewAsEndReplySchema,
  errors: { 404: ApiErrorSchema },
});
