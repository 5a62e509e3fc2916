import { API } from '@portal/contract';
import { USER_NAME_CHECK_LIMITS, userNameCheckThrottle } from '../../auth/user-name-check-throttle.js';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { listUsers } from './repository.js';
import { isUserNameUnique, userById, userService } from './service.js';

/** Manage Users (spec 2.10, 2.11): the users of the caller's estate, their saves and deletes. */
export const userRoutes = operationRoutes(API.users, (app) => {
  const service = userService({ publicUrl: app.config.publicUrl });
  const nameChecks = userNameCheckThrottle(USER_NAME_CHECK_LIMITS, app.redis);
  return {
    list: ({ scope, query }) => listUsers(scope, query),
    get: ({ scope, params }) => userById(scope, params.id),
    // Throttled: it answers for every partner's usernames (decision 0124). A save's own check is not: saves are
    // audited writes of one user at a time.
    isUserNameUnique: async ({ scope, request, body }) => {
      await nameChecks.take(scope.caller.userId, request.ip);
      return isUserNameUnique(scope, body.userName, body.id);
    },
    create: ({ scope, request, body }) => service.saveUser(scope, actorOf(scope, request), undefined, body),
    update: ({ scope, request, params, body }) => service.saveUser(scope, actorOf(scope, request), params.id, body),
    remove: ({ scope, request, params }) => service.removeUser(scope, actorOf(scope, request), params.id),
    signOut: ({ scope, request, params }) => service.signOutUser(scope, actorOf(scope, request), params.id),
    resetTwoStep: ({ scope, request, params }) => service.resetTwoStep(scope, actorOf(scope, request), params.id),
  };
});
