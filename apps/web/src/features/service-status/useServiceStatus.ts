import { useQuery } from '@tanstack/react-query';
import { fetchReadiness } from './readiness';

/** How often the status card re-checks the server while the page is open (the spec's message polling interval). */
export const SERVICE_STATUS_REFRESH_MS = 30_000;

export type ServiceStatus =
  | { state: 'checking' }
  | { state: 'operational'; checkedAt: Date }
  | { state: 'unavailable'; checkedAt: Date };

/** The portal's readiness as the status card shows it; any failure to get a "ready" answer counts as unavailable. */
export function useServiceStatus(): ServiceStatus {
  const query = useQuery({
    queryKey: ['service-status'],
    queryFn: ({ signal }) => fetchReadiness(signal),
    refetchInterval: SERVICE_STATUS_REFRESH_MS,
    retry: false,
  });

  if (query.isPending) return { state: 'checking' };
  const checkedAt = new Date(Math.max(query.dataUpdatedAt, query.errorUpdatedAt));
  if (!query.isError && query.data.status === 'ready') return { state: 'operational', checkedAt };
  return { state: 'unavailable', checkedAt };
}
