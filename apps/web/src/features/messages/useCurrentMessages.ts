import { MessageSchema, odataList, TIMINGS } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { apiQueryKey } from '../../api/query-cache';

const MESSAGES_PATH = '/api/messages';
const MessageListSchema = odataList(MessageSchema);

export const currentMessagesQuery = queryOptions({
  queryKey: apiQueryKey(MESSAGES_PATH),
  queryFn: ({ signal }) => getJson(MESSAGES_PATH, MessageListSchema.parse, { signal }),
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
