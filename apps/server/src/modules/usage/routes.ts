import { API } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';
import {
  endpointBroadband,
  endpointLineUsage,
  endpointMonthly,
  endpointSpendForecast,
  endpointUninvoiced,
  estateMonthly,
  estateSpendForecast,
  siteMonthly,
  siteSpendForecast,
  siteUninvoiced,
  teamMonthly,
  teamSpendForecast,
  teamUninvoiced,
} from './service.js';

/** The usage charts of spec 2.8 (docs/decisions/0025): `{ value: UsageSeries[] }`; and the spend forecast (0215). */
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
  estateSpendForecast: ({ scope }) => estateSpendForecast(scope),
  siteSpendForecast: ({ scope, params }) => siteSpendForecast(scope, params.id),
  teamSpendForecast: ({ scope, params }) => teamSpendForecast(scope, params.id),
  endpointSpendForecast: ({ scope, params }) => endpointSpendForecast(scope, params.id),
}));
