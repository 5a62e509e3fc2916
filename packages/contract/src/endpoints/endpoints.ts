import { anyOf } from '../access';
import { odataList } from '../api';
import { endpoint } from '../endpoint';
import { EndpointListItemSchema } from '../entities/estate';
import { ODataQuerySchema } from '../odata';

// The caller's mobile devices and broadband contracts as OData lists (`$count=true&$top=0` counts them).

export const mobileHandsetsOfUser = endpoint({
  method: 'GET',
  path: '/api/endpoints/mobileHandset/user',
  summary: "The mobile devices of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count)",
  access: anyOf('Read', 'MobileUserEstate'),
  query: ODataQuerySchema,
  response: odataList(EndpointListItemSchema),
});

export const broadbandConnectionsOfUser = endpoint({
  method: 'GET',
  path: '/api/endpoints/broadbandConnection/user',
  summary: "The broadband contracts of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count)",
  access: anyOf('Read', 'BroadbandUserEstate'),
  query: ODataQuerySchema,
  response: odataList(EndpointListItemSchema),
});
