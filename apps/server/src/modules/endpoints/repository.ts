import type { EndpointTypeId, ODataQuery } from '@portal/contract';
import { endpointsInEstate } from '../../estate/conditions.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { runODataList } from '../../odata/index.js';
import { endpointsResource } from './resource.js';

/** A page of the caller's endpoints of one type, each with its site's name. */
export function listEndpoints(scope: EstateScope, type: EndpointTypeId, options: ODataQuery) {
  return runODataList({
    db: scope.db,
    baseQuery: scope.db
      .selectFrom('endpoints')
      .leftJoin('sites', 'sites.id', 'endpoints.site_id')
      .where('endpoints.endpoint_type_id', '=', type)
      .where((eb) => endpointsInEstate(eb, scope)),
    resource: endpointsResource,
    options,
  });
}
