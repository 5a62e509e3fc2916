import { NOTIFICATION_MESSAGES, orderOperations, type PendingCheck } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callOperation } from '../../api/operations';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { DEVICE_PAGE_AREAS } from './device-queries';

/** How often the page asks whether the carrier has finished a change it requested (docs/decisions/0092). */
export const CHANGE_FOLLOW_UP_MS = 5000;

/**
 * Follows a change this page requested until the carrier has finished it: while `awaiting`, the pending check is
 * asked every CHANGE_FOLLOW_UP_MS (the caller passes `refetchInterval`); once an answer given after the request says
 * nothing is pending, the change is done. The page then reloads what the change touched (the SIM number, the spend
 * limit, the events) and says how it ended, read from the newest event: 'Your request has been successful.' or
 * 'There was a problem with your request.' (spec 8).
 */
export function useChangeFollowUp(options: {
  awaiting: boolean;
  requestedAt: number;
  check: { data: PendingCheck | undefined; dataUpdatedAt: number };
  orderItemId: number;
  onDone: () => void;
}) {
  const { awaiting, requestedAt, check, orderItemId, onDone } = options;
  const queryClient = useQueryClient();
  const notify = useNotify();
  const done = useRef(onDone);
  done.current = onDone;

  // Said only while the page is open: after leaving it, the outcome would name no device on screen.
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const finished = awaiting && check.data?.isPending === false && check.dataUpdatedAt > requestedAt;
  useEffect(() => {
    if (!finished) return;
    // This ends `awaiting`, and so `finished`: the outcome below must not depend on this effect staying.
    done.current();
    void queryClient.invalidateQueries({ predicate: (query) => DEVICE_PAGE_AREAS.includes(String(query.queryKey[0])) });
    void callOperation(orderOperations.itemEvents, {
      params: { orderItemId },
      query: { $orderby: 'createdDate desc', $top: '1' },
    }).then(
      (events) => {
        if (!mounted.current) return;
        const failed = events.value[0]?.status === 'Failed';
        notify({
          message: failed ? NOTIFICATION_MESSAGES.mobileRequestProblem : NOTIFICATION_MESSAGES.mobileRequestSuccessful,
          severity: failed ? 'error' : 'success',
        });
      },
      // The reloaded events card shows the outcome, and says so itself if it cannot load.
      () => undefined,
    );
  }, [finished, orderItemId, queryClient, notify]);
}
