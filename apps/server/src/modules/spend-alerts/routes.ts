import { API } from '@portal/contract';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { listRules } from './repository.js';
import { removeRule, ruleById, saveRule } from './service.js';

/** The spend alert rules of the caller's estate (decision 0213): the list, the form's reads and saves, deletes. */
export const spendAlertRoutes = operationRoutes(API.spendAlerts, () => ({
  list: ({ scope, query }) => listRules(scope, query),
  get: ({ scope, params }) => ruleById(scope, params.id),
  create: ({ scope, request, body }) => saveRule(scope, actorOf(scope, request), undefined, body),
  update: ({ scope, request, params, body }) => saveRule(scope, actorOf(scope, request), params.id, body),
  remove: async ({ scope, request, params }) => removeRule(scope, actorOf(scope, request), params.id),
}));
