import { API } from '@portal/contract';
import { principalOf } from '../../auth/route-access.js';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { signInPolicyService } from './service.js';

/** A company's sign-in policy (docs/decisions/0210). */
export const signInPolicyRoutes = operationRoutes(API.signInPolicy, () => {
  const policies = signInPolicyService();
  return {
    companySignInPolicy: ({ scope, params }) => policies.companyPolicy(scope, params.id),
    saveCompanySignInPolicy: ({ scope, request, params, body }) =>
      policies.save(scope, { ...actorOf(scope, request), sessionId: principalOf(request).sessionId }, params.id, body),
  };
});
