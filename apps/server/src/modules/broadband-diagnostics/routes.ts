import {
  type BroadbandDiagnosticsOperations,
  broadbandCarrierEntries,
  broadbandDiagnosticsOperationsOf,
  CARRIER_REGISTRY,
  type CarrierRegistry,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BroadbandCarrierAdapter } from '../../carriers/broadband-carrier.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { attachmentDisposition } from '../bills/files/content-disposition.js';
import { type AreaHandlers, operationRoutes } from '../operation-routes.js';
import * as diagnostics from './service.js';

/** One carrier's diagnostics handlers: every carrier's are alike, each over its own adapter (decision 0095). */
function diagnosticsHandlers(carrierId: number, adapter: BroadbandCarrierAdapter) {
  return (): AreaHandlers<BroadbandDiagnosticsOperations> => {
    const context = (scope: EstateScope) => ({ adapter, carrierId, scope });
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

/**
 * Every broadband carrier's diagnostics routes (docs/decisions/0165): for each registry entry, its operations of the
 * table over the adapter the entry names.
 */
export function broadbandDiagnosticsRoutes(registry: CarrierRegistry = CARRIER_REGISTRY) {
  const area = broadbandDiagnosticsOperationsOf(registry) as Readonly<Record<string, BroadbandDiagnosticsOperations>>;
  return async (app: FastifyInstance) => {
    for (const [key, entry] of broadbandCarrierEntries(registry)) {
      const handlers = diagnosticsHandlers(entry.carrierId, app.broadbandAdapters[entry.adapter]);
      await operationRoutes(area[key] as BroadbandDiagnosticsOperations, handlers)(app, {});
    }
  };
}
