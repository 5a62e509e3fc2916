import { endpointEndpoints, ODATA_COUNT_KEY } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoints';

/** Spec 7: counts ask for no rows (`$top=0`) and read `@odata.count`. */
function countQuery(
  list: typeof endpointEndpoints.mobileHandsetsOfUser | typeof endpointEndpoints.broadbandConnectionsOfUser,
) {
  return queryOptions({
    ...endpointQuery(list, { query: { $count: 'true', $top: '0' } }),
    select: (reply) => reply[ODATA_COUNT_KEY] ?? reply.value.length,
  });
}

/** The caller's mobile devices (MobileUserEstate Read). */
export const mobileDeviceCountQuery = countQuery(endpointEndpoints.mobileHandsetsOfUser);

/** The caller's broadband contracts (BroadbandUserEstate Read). */
export const broadbandContractCountQuery = countQuery(endpointEndpoints.broadbandConnectionsOfUser);
