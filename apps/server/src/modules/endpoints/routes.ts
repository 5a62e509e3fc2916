import {
  ENDPOINT_TYPE,
  type EndpointListItem,
  EndpointListItemSchema,
  ODataQuerySchema,
  type OdataList,
  odataList,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../auth/route-access.js';
import { estateScope } from '../../estate/estate-scope.js';
import { errorResponses } from '../../http/errors.js';
import { runODataList } from '../../odata/index.js';
import { endpointsResource } from './endpoints-resource.js';

const lists = [
  {
    path: '/api/endpoints/mobileHandset/user',
    type: ENDPOINT_TYPE.mobile,
    code: 'MobileUserEstate',
    what: 'mobile devices',
  },
  {
    path: '/api/endpoints/broadbandConnection/user',
    type: ENDPOINT_TYPE.broadband,
    code: 'BroadbandUserEstate',
    what: 'broadband contracts',
  },
] as const;

/** The caller's mobile devices and broadband contracts as OData lists (`$count=true&$top=0` counts them). */
export const endpointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  for (const list of lists) {
    app.get(
      list.path,
      {
        config: { access: { anyOf: [{ code: list.code, accessType: 'Read' }] } },
        schema: {
          tags: ['endpoints'],
          summary: `The ${list.what} of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count)`,
          querystring: ODataQuerySchema,
          response: { 200: odataList(EndpointListItemSchema), ...errorResponses(400, 401, 403) },
        },
      },
      // The response schema narrows endPointTypeId to 1 or 3; the base query's type filter guarantees it.
      async (request) =>
        runODataList({
          db,
          baseQuery: db
            .selectFrom('endpoints')
            .leftJoin('sites', 'sites.id', 'endpoints.site_id')
            .where('endpoints.endpoint_type_id', '=', list.type)
            .where('endpoints.id', 'in', estateScope(db, principalOf(request)).endpoints()),
          resource: endpointsResource,
          options: request.query,
        }) as Promise<OdataList<EndpointListItem>>,
    );
  }
};
