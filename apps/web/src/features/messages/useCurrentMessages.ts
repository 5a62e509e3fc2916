import { messageOperations, TIMINGS } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { operationQuery } from '../../api/operations';

export const currentMessagesQuery = queryOptions({
  ...operationQuery(messageOperations.current, {}),
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
