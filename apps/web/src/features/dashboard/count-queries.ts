import { estateOperations, ODATA_COUNT_KEY, orderOperations } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { operationQuery } from '../../api/operations';

type CountedList =
  | typeof estateOperations.mobileHandsetsOfUser
  | typeof estateOperations.broadbandConnectionsOfUser
  | typeof orderOperations.mobile
  | typeof orderOperations.broadband;

/** Spec 7: counts ask for no rows (`$top=0`) and read `@odata.count`. */
function countQuery(list: CountedList) {
  return queryOptions({
    ...operationQuery(list, { query: { $count: 'true', $top: '0' } }),
    select: (reply) => reply[ODATA_COUNT_KEY] ?? reply.value.length,
  });
}

/** The caller's mobile devices (MobileUserEstate Read). */
export const mobileDeviceCountQuery = countQuery(estateOperations.mobileHandsetsOfUser);

/** The caller's broadband contracts (BroadbandUserEstate Read). */
export const broadbandContractCountQuery = countQuery(estateOperations.broadbandConnectionsOfUser);

/** The orders of the caller's estate, by kind (MobileOrders / BroadbandOrders Read). */
export const orderCountQueries = {
  mobile: countQuery(orderOperations.mobile),
  broadband: countQuery(orderOperations.broadband),
} as const;
