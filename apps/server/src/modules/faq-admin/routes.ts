import { API } from '@portal/contract';
import type { EstateScope } from '../../scope/estate-scope.js';
import type { PartnerScope } from '../../scope/partner-scope.js';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { addFaq, changeFaq, listFaqs, moveFaq, removeFaq } from './service.js';

/** Staff work on their own partner's FAQs, whichever portal they are in (as its messages). */
const staffPartner = (scope: EstateScope): PartnerScope => ({ db: scope.db, partnerId: scope.caller.partnerId });

/** The partner's FAQs in the reseller console (docs/decisions/0217); customers read them through partners.faqs. */
export const faqAdminRoutes = operationRoutes(API.faqAdmin, () => ({
  list: async ({ scope }) => {
    const value = await listFaqs(staffPartner(scope));
    return { value, '@odata.count': value.length };
  },
  create: ({ scope, request, body }) => addFaq(staffPartner(scope), actorOf(scope, request), body),
  update: ({ scope, request, params, body }) =>
    changeFaq(staffPartner(scope), actorOf(scope, request), params.id, body),
  move: async ({ scope, request, params, body }) => {
    const value = await moveFaq(staffPartner(scope), actorOf(scope, request), params.id, body);
    return { value, '@odata.count': value.length };
  },
  remove: ({ scope, request, params }) => removeFaq(staffPartner(scope), actorOf(scope, request), params.id),
}));
