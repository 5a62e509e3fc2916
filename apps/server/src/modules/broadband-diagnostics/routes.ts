import { API, BROADBAND_CARRIER } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BroadbandCarrierAdapter } from '../../carriers/broadband-carrier.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { type AreaHandlers, endpointRoutes } from '../endpoint-routes.js';
import { attachmentDisposition } from '../invoices/files/content-disposition.js';
import * as diagnostics from './service.js';

// Both areas come from one factory, so they share one type (docs/decisions/0095).
type Area = typeof API.businessBroadband;

/** One carrier's diagnostics routes: both areas are built alike, each with its own adapter (decision 0095). */
function diagnosticsHandlers(carrierId: number, adapterOf: (app: FastifyInstance) => BroadbandCarrierAdapter) {
  return (app: FastifyInstance): AreaHandlers<Area> => {
    const context = (scope: EstateScope) => ({ adapter: adapterOf(app), carrierId, scope });
    const csvFile = (file: { csv: string; fileName: string }, reply: FastifyReply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private')
        .send(file.csv);
    return {
      diagnosticsGroup: ({ scope, params }) => diagnostics.openGroup(context(scope), params.id),
      onlineStatus: ({ scope, params, query }) => diagnostics.onlineStatus(context(scope), params.id, query.groupId),
      syncStatus: ({ scope, params, query }) => diagnostics.runTest(context(scope), params.id, query.groupId, 'sync'),
      exchangeStatus: ({ scope, params, query }) =>
        diagnostics.runTest(context(scope), params.id, query.groupId, 'exchange'),
      broadbandStatus: ({ scope, params, query }) =>
        diagnostics.runTest(context(scope), params.id, query.groupId, 'broadband'),
      lineStatus: ({ scope, params, query }) => diagnostics.runTest(context(scope), params.id, query.groupId, 'line'),
      fibreStatus: ({ scope, params, query }) =>
        diagnostics.runTest(context(scope), params.id, query.groupId, 'fibre', query.runIntrusiveTest),
      services: ({ scope, params }) => diagnostics.services(context(scope), params.id),
      sessionHistory: ({ scope, params, query }) => diagnostics.sessionHistory(context(scope), params.id, query),
      sessionHistoryDownload: async ({ scope, params, query, reply }) =>
        csvFile(await diagnostics.sessionHistoryCsv(context(scope), params.id, query.count), reply),
      lineHistory: ({ scope, params, query }) => diagnostics.lineHistory(context(scope), params.id, query),
      lineHistoryDownload: async ({ scope, params, query, reply }) =>
        csvFile(await diagnostics.lineHistoryCsv(context(scope), params.id, query.count), reply),
      authenticationLogs: ({ scope, params, query }) =>
        diagnostics.authenticationLogs(context(scope), params.id, params.username, query),
      speedTestResults: ({ scope, params }) => diagnostics.speedTestResults(context(scope), params.id),
    };
  };
}

/** Keystone Networks' diagnostics (carrier 494). */
export const businessBroadbandRoutes = endpointRoutes(
  API.businessBroadband,
  diagnosticsHandlers(BROADBAND_CARRIER.businessBroadband, (app) => app.broadbandAdapters.keystone),
);

/** Skylark Fibre's diagnostics (carrier 588). */
export const alternativeBroadbandRoutes = endpointRoutes(
  API.alternativeBroadband,
  diagnosticsHandlers(BROADBAND_CARRIER.alternativeBroadband, (app) => app.broadbandAdapters.skylark),
);
