import { messageEndpoints, TIMINGS } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoints';

export const currentMessagesQuery = queryOptions({
  ...endpointQuery(messageEndpoints.current, {}),
  staleTime: TIMINGS.messagePollMs,
});

/** The partner's current messages, polled every 30 seconds (spec 2.3); a failed poll keeps the last ones. */
export function useCurrentMessages() {
  return useQuery({
    ...currentMessagesQuery,
    select: (list) => list.value,
    refetchInterval: TIMINGS.messagePollMs,
  });
}
