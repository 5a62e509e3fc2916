import { API } from '@portal/contract';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { afterAnswer } from '../../http/after-answer.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import type { PartnerScope } from '../../scope/partner-scope.js';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { passwordService } from '../passwords/service.js';
import { consoleCustomerService } from './service.js';

/** Staff work on their own partner's customers, whichever portal they are in. */
const staffPartner = (scope: EstateScope): PartnerScope => ({ db: scope.db, partnerId: scope.caller.partnerId });

/** The reseller console's Customers (decision 0219): partner staff only, their own partner's companies. */
export function consoleCustomerRoutes(throttles: { signIn: LoginThrottle; recovery: LoginThrottle }) {
  return operationRoutes(API.consoleCustomers, (app) => {
    const service = consoleCustomerService({
      signInThrottle: throttles.signIn,
      passwords: passwordService({
        db: app.database.db,
        throttles,
        later: afterAnswer(app),
        publicUrl: app.config.publicUrl,
      }),
      publicUrl: app.config.publicUrl,
    });
    return {
      list: ({ scope, query }) => service.list(staffPartner(scope), query),
      onboard: ({ scope, request, body }) => service.onboard(staffPartner(scope), actorOf(scope, request), body),
      get: ({ scope, params }) => service.customer(staffPartner(scope), params.companyId),
      users: ({ scope, params, query }) => service.users(staffPartner(scope), params.companyId, query),
      resetPassword: ({ scope, request, params }) =>
        service.resetPassword(staffPartner(scope), actorOf(scope, request), params.companyId, params.userId),
      unlock: ({ scope, request, params }) =>
        service.unlock(staffPartner(scope), actorOf(scope, request), params.companyId, params.userId),
    };
  });
}
