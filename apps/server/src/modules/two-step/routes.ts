import { API } from '@portal/contract';
import { callerOf } from '../login/routes.js';
import { operationRoutes } from '../operation-routes.js';
import { type TwoStepDependencies, twoStepService } from './service.js';

/** Two-step verification of the caller's own account (docs/decisions/0207); the sign-in's second step is login's. */
export function twoStepRoutes(throttles: TwoStepDependencies['throttles']) {
  return operationRoutes(API.twoStep, (app) => {
    const twoStep = twoStepService({ db: app.database.db, secrets: app.secretBox, throttles });
    return {
      status: ({ scope }) => twoStep.status(scope),
      startAuthenticator: ({ scope, request }) => twoStep.startAuthenticator(scope, callerOf(request)),
      confirmAuthenticator: ({ scope, body, request }) =>
        twoStep.confirmAuthenticator(scope, body.code, callerOf(request)),
      removeAuthenticator: async ({ scope, body, request }) => {
        await twoStep.removeAuthenticator(scope, body, callerOf(request));
        return {};
      },
      replaceRecoveryCodes: ({ scope, body, request }) => twoStep.renewRecoveryCodes(scope, body, callerOf(request)),
    };
  });
}
