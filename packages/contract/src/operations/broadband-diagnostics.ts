import { CARRIER_REGISTRY } from '../carriers/registry';
import { broadbandDiagnosticsOperationsOf } from './families/index';

/**
 * Each broadband carrier's line diagnostics by its registry key: `broadbandDiagnostics.keystone.syncStatus` is
 * `GET /api/broadbandKeystone/:id/syncStatus`.
 */
export const broadbandDiagnostics = /*#__PURE__*/ broadbandDiagnosticsOperationsOf(CARRIER_REGISTRY);
