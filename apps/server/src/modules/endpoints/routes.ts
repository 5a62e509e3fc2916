import { API, ENDPOINT_TYPE, type EndpointListItem, type OdataList } from '@portal/contract';
import { endpointRoutes } from '../endpoint-routes.js';
import { listEndpoints } from './repository.js';

/** The caller's mobile devices and broadband contracts as OData lists (`$count=true&$top=0` counts them). */
export const endpointListRoutes = endpointRoutes(API.endpoints, () => ({
  // The response schema narrows endPointTypeId to 1 or 3; the base query's type filter guarantees it.
  mobileHandsetsOfUser: async ({ scope, query }) =>
    (await listEndpoints(scope, ENDPOINT_TYPE.mobile, query)) as OdataList<EndpointListItem>,
  broadbandConnectionsOfUser: async ({ scope, query }) =>
    (await listEndpoints(scope, ENDPOINT_TYPE.broadband, query)) as OdataList<EndpointListItem>,
}));
