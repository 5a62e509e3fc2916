import { API } from '@portal/contract';
import { afterAnswer } from '../../http/after-answer.js';
import { actorOf, endpointRoutes } from '../endpoint-routes.js';
import { listUsers } from './repository.js';
import { isUserNameUnique, userById, userService } from './service.js';

/** Manage Users (spec 2.10, 2.11): the users of the caller's estate, their saves and deletes. */
export const userRoutes = endpointRoutes(API.users, (app) => {
  const service = userService({ mailer: app.mailer, later: afterAnswer(app) });
  return {
    list: ({ scope, query }) => listUsers(scope, query),
    get: ({ scope, params }) => userById(scope, params.id),
    isUserNameUnique: ({ scope, body }) => isUserNameUnique(scope, body.userName, body.id),
    create: ({ scope, request, body }) => service.saveUser(scope, actorOf(scope, request), request, undefined, body),
    update: ({ scope, request, params, body }) =>
      service.saveUser(scope, actorOf(scope, request), request, params.id, body),
    remove: ({ scope, request, params }) => service.removeUser(scope, actorOf(scope, request), params.id),
  };
});
