import { MessageSchema, odataList, TIMINGS } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { apiQueryKey } from '../../api/query-cache';

const MESSAGES_PATH = '/api/messages';
const MessageListSchema = odataList(MessageSchema);

/** The partner's current messages, polled every 30 seconds (spec 2.3); a failed poll keeps the last ones. */
export function useCurrentMessages() {
  return useQuery({
    queryKey: apiQueryKey(MESSAGES_PATH),
    queryFn: ({ signal }) => getJson(MESSAGES_PATH, MessageListSchema.parse, { signal }),
    select: (list) => list.value,
    refetchInterval: TIMINGS.messagePollMs,
    staleTime: TIMINGS.messagePollMs,
  });
}
