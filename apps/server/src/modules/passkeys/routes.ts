import { API } from '@portal/contract';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { callerOf, signedInAnswer } from '../login/routes.js';
import { signInService } from '../login/service.js';
import { deliveryOf } from '../login/session-cookie.js';
import { operationRoutes } from '../operation-routes.js';
import { type TwoStepDependencies, twoStepService } from '../two-step/service.js';
import { relyingPartyOf } from './relying-party.js';
import { passkeyService } from './service.js';

/** Passkeys (docs/decisions/0209): the caller's own, the second step's options, and signing in with one alone. */
export function passkeyRoutes(throttles: { signIn: LoginThrottle } & TwoStepDependencies['throttles']) {
  return operationRoutes(API.passkeys, (app) => {
    const db = app.database.db;
    const twoStep = twoStepService({ db, secrets: app.secretBox, throttles });
    const passkeys = passkeyService({
      db,
      twoStep,
      throttle: throttles.signIn,
      signIn: signInService({ db, tokens: app.accessTokens, throttle: throttles.signIn, twoStep }),
    });
    const relyingParty = (request: Parameters<typeof relyingPartyOf>[1]) => relyingPartyOf(app.config, request);
    return {
      list: ({ scope }) => passkeys.list(scope),
      startRegistration: ({ scope, body, request }) =>
        passkeys.startRegistration(scope, body, relyingParty(request), callerOf(request)),
      register: ({ scope, body, request }) => passkeys.register(scope, body, relyingParty(request), callerOf(request)),
      rename: ({ scope, params, body, request }) => passkeys.rename(scope, params.id, body.name, callerOf(request)),
      remove: async ({ scope, params, body, request }) => {
        await passkeys.remove(scope, params.id, body, callerOf(request));
        return {};
      },
      secondStepOptions: ({ body, request }) => passkeys.secondStepOptions(body.challenge, relyingParty(request)),
      signInOptions: ({ request }) => passkeys.signInOptions(relyingParty(request)),
      signIn: async ({ body, request, reply }) =>
        signedInAnswer(
          await passkeys.signInWithPasskey(body, relyingParty(request), callerOf(request), deliveryOf(request.headers)),
          request,
          reply,
        ),
    };
  });
}
