import { API } from '@portal/contract';
import type { EstateScope } from '../../scope/estate-scope.js';
import type { PartnerScope } from '../../scope/partner-scope.js';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { partnerScopeOf } from '../partners/partner-of-request.js';
import { addMessage, allMessages, changeMessage, currentMessages, messageById, removeMessage } from './service.js';

/** Staff work on their own partner's messages, whichever portal they are in. */
const staffPartner = (scope: EstateScope): PartnerScope => ({ db: scope.db, partnerId: scope.caller.partnerId });

/** Banner messages of a partner. Everyone reads the current ones; the partner's own staff write them. */
export const messageRoutes = operationRoutes(API.messages, () => ({
  current: async ({ request }) => ({ value: await currentMessages(await partnerScopeOf(request)) }),
  all: async ({ scope }) => {
    const value = await allMessages(staffPartner(scope));
    return { value, '@odata.count': value.length };
  },
  get: ({ scope, params }) => messageById(staffPartner(scope), params.id),
  create: ({ scope, request, body }) => addMessage(staffPartner(scope), actorOf(scope, request), body),
  update: ({ scope, request, params, body }) =>
    changeMessage(staffPartner(scope), actorOf(scope, request), params.id, body),
  remove: ({ scope, request, params }) => removeMessage(staffPartner(scope), actorOf(scope, request), params.id),
}));
