import { endpointEndpoints, ODATA_COUNT_KEY, orderEndpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoints';

type CountedList =
  | typeof endpointEndpoints.mobileHandsetsOfUser
  | typeof endpointEndpoints.broadbandConnectionsOfUser
  | typeof orderEndpoints.mobile
  | typeof orderEndpoints.broadband;

/** Spec 7: counts ask for no rows (`$top=0`) and read `@odata.count`. */
function countQuery(list: CountedList) {
  return queryOptions({
    ...endpointQuery(list, { query: { $count: 'true', $top: '0' } }),
    select: (reply) => reply[ODATA_COUNT_KEY] ?? reply.value.length,
  });
}

/** The caller's mobile devices (MobileUserEstate Read). */
export const mobileDeviceCountQuery = countQuery(endpointEndpoints.mobileHandsetsOfUser);

/** The caller's broadband contracts (BroadbandUserEstate Read). */
export const broadbandContractCountQuery = countQuery(endpointEndpoints.broadbandConnectionsOfUser);

/** The orders of the caller's estate, by kind (MobileOrders / BroadbandOrders Read). */
export const orderCountQueries = {
  mobile: countQuery(orderEndpoints.mobile),
  broadband: countQuery(orderEndpoints.broadband),
} as const;
