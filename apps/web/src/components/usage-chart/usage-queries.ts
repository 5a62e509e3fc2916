import { odataList, type UsageSeries, UsageSeriesSchema } from '@portal/contract';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { apiQueryKey } from '../../api/query-cache';

/** What the cache holds for a usage chart: the API's body, `{ value: UsageSeries[] }`. */
export interface UsageSeriesList {
  value: UsageSeries[];
}

const UsageListSchema = odataList(UsageSeriesSchema);

export function fetchUsage(path: string, signal?: AbortSignal): Promise<UsageSeriesList> {
  return getJson(path, UsageListSchema.parse, signal ? { signal } : {});
}

export function usageQueryKey(path: string): QueryKey {
  return apiQueryKey(path);
}

/** One usage call; free of React and MUI so the router can start it while the page's code downloads. */
export function usageQuery(path: string) {
  return queryOptions({
    queryKey: usageQueryKey(path),
    queryFn: ({ signal }) => fetchUsage(path, signal),
  });
}
