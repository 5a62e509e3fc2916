import { API } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';
import {
  endpointBroadband,
  endpointLineUsage,
  endpointMonthly,
  endpointUninvoiced,
  estateMonthly,
  siteMonthly,
  siteUninvoiced,
  teamMonthly,
  teamUninvoiced,
} from './service.js';

/** The usage charts of spec 2.8 (docs/decisions/0025): `{ value: UsageSeries[] }`. */
export const usageRoutes = operationRoutes(API.usage, () => ({
  endpointMonthly: async ({ scope, params }) => ({ value: await endpointMonthly(scope, params.id) }),
  endpointUninvoiced: async ({ scope, params }) => ({ value: await endpointUninvoiced(scope, params.id) }),
  endpointBroadband: async ({ scope, params }) => ({ value: await endpointBroadband(scope, params.id) }),
  endpointLineUsage: async ({ scope, params }) => ({ value: await endpointLineUsage(scope, params.id) }),
  siteMonthly: async ({ scope, params }) => ({ value: await siteMonthly(scope, params.id) }),
  siteUninvoiced: async ({ scope, params }) => ({ value: await siteUninvoiced(scope, params.id) }),
  teamMonthly: async ({ scope, params }) => ({ value: await teamMonthly(scope, params.id) }),
  teamUninvoiced: async ({ scope, params }) => ({ value: await teamUninvoiced(scope, params.id) }),
  userMonthly: async ({ scope }) => ({ value: await estateMonthly(scope) }),
}));
