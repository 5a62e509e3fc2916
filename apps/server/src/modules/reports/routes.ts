import { API } from '@portal/contract';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { reportService } from './service.js';

/** The caller's own scheduled report subscriptions (docs/decisions/0216). */
export const reportRoutes = operationRoutes(API.reports, (app) => {
  const reports = reportService(app.database.db, { publicUrl: app.config.publicUrl });
  return {
    list: ({ scope }) => reports.list(scope),
    create: ({ scope, body, request }) => reports.create(scope, actorOf(scope, request), body),
    update: ({ scope, params, body, request }) => reports.update(scope, actorOf(scope, request), params.id, body),
    remove: async ({ scope, params, request }) => reports.remove(scope, actorOf(scope, request), params.id),
    sendNow: ({ scope, params, request }) => reports.sendNow(scope, actorOf(scope, request), params.id),
  };
});
