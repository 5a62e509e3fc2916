import { ODATA_COUNT_KEY, odataList } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../api/client';
import { apiQueryKey } from '../../api/query-cache';

/** Spec 7: counts ask for no rows (`$top=0`) and read `@odata.count`. */
const CountOnlySchema = odataList(z.unknown());

function countQuery(listPath: string) {
  const path = `${listPath}?$count=true&$top=0`;
  return queryOptions({
    queryKey: apiQueryKey(path),
    queryFn: ({ signal }) => getJson(path, CountOnlySchema.parse, { signal }),
    select: (list) => list[ODATA_COUNT_KEY] ?? list.value.length,
  });
}

/** The caller's mobile devices (MobileUserEstate Read). */
export const mobileDeviceCountQuery = countQuery('/api/endpoints/mobileHandset/user');

/** The caller's broadband contracts (BroadbandUserEstate Read). */
export const broadbandContractCountQuery = countQuery('/api/endpoints/broadbandConnection/user');
