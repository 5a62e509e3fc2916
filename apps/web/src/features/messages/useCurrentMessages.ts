import { TIMINGS } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FIRST_LOAD_PATHS } from '../../api/first-load-paths';
import { firstLoadRequest } from '../../api/operations';
import { parseMessageList } from './message-list-reply';

const currentMessagesRequest = firstLoadRequest(FIRST_LOAD_PATHS.currentMessages, parseMessageList);

export const currentMessagesQuery = queryOptions({
  queryKey: currentMessagesRequest.queryKey,
  queryFn: ({ signal }) => currentMessagesRequest.fetch(signal),
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
