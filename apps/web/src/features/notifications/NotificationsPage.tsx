import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  fillRoutePath,
  findRoute,
  NOTIFICATION_MESSAGES,
  type Notification as Notice,
  notificationOperations,
  TIMINGS,
} from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { callOperation, isConflict, operationQuery, serverErrorMessage } from '../../api/operations';
import { ConfirmationDialog } from '../../components/confirmation-dialog/ConfirmationDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { PageHeading } from '../../components/PageHeading';
import { VISUALLY_HIDDEN } from '../../components/visually-hidden';
import { formatDate } from '../../lib/format';
import { useCan } from '../../session/useCan';
import { useCanAccessRoute } from '../../session/useCanAccessRoute';
import { BAR_KIND_LABELS, BAR_STATE_LABELS, barSettling, canUndoBar } from './notice-text';

const PAGE_SIZE = 10;
/** How often a page with a bar still on its way to or from the carrier asks again, until it settles. */
const SETTLING_POLL_MS = 3000;
const DEVICE_ROUTE = findRoute('mobile/device/:cli');

/**
 * The caller's notices (issue 26), newest first, ten to a page: the unread marked (and said to screen readers), read
 * by "Mark as read", by following the device link, or all at once; a bar an alert placed shown with its state, and
 * "Undo bar" for a user who may change bars while it is on or on its way.
 */
export function NotificationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const notices = useQuery({
    ...operationQuery(notificationOperations.list, {
      query: { $top: String(PAGE_SIZE), $skip: String((page - 1) * PAGE_SIZE), $count: 'true' },
    }),
    refetchInterval: (query) => (query.state.data?.value.some(barSettling) ? SETTLING_POLL_MS : TIMINGS.messagePollMs),
  });
  const unread = useQuery({ ...operationQuery(notificationOperations.unreadCount, {}) });
  const markAll = useMutation({ mutationFn: () => callOperation(notificationOperations.markAllRead, {}) });
  const unreadCount = unread.data?.unread ?? 0;
  const total = notices.data?.['@odata.count'] ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const body = () => {
    if (notices.isPending) {
      return (
        <Stack spacing={2} role="progressbar" aria-label="Loading notifications">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={120} />
          ))}
        </Stack>
      );
    }
    if (notices.isError) {
      return <LoadFailed text="We couldn't load your notifications" onRetry={() => void notices.refetch()} />;
    }
    if (notices.data.value.length === 0) {
      return (
        <Typography role="status" variant="body2">
          {page > 1 ? 'There are no notifications on this page.' : 'No notifications yet.'}
        </Typography>
      );
    }
    return (
      <Stack component="ul" aria-label="Notifications" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {notices.data.value.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </Stack>
    );
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <PageHeading title="Notifications" />
        {unreadCount > 0 ? (
          <Button variant="outlined" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            Mark all as read
          </Button>
        ) : null}
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary">
        {unread.isSuccess ? (unreadCount === 0 ? 'All read.' : `${unreadCount} unread.`) : ''}
      </Typography>
      {markAll.isError ? (
        <Typography role="alert" variant="body2" color="error">
          {NOTIFICATION_MESSAGES.unexpectedError}
        </Typography>
      ) : null}
      {body()}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => setSearchParams(next === 1 ? {} : { page: String(next) })}
          aria-label="Notification pages"
          sx={{ alignSelf: 'center' }}
        />
      ) : null}
    </Stack>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const notify = useNotify();
  const titleId = useId();
  const canOpenDevice = useCanAccessRoute(DEVICE_ROUTE) === true;
  const canChangeBars = useCan('EndPointCallBarring', 'Write') === true;
  const [confirming, setConfirming] = useState(false);
  const unread = notice.readAt === null;
  const markRead = useMutation({
    mutationFn: () => callOperation(notificationOperations.markRead, { params: { id: notice.id } }),
  });
  const undo = useMutation({
    mutationFn: () => callOperation(notificationOperations.undoBar, { params: { id: notice.id } }),
    onSuccess: () => {
      setConfirming(false);
      notify({ message: 'Undo requested.', severity: 'success' });
    },
    onError: (error) => {
      setConfirming(false);
      console.error(error);
      // A bar already lifted or failed (409) is said in the server's words; the list reloads and shows why.
      notify({
        message: (isConflict(error) && serverErrorMessage(error)) || NOTIFICATION_MESSAGES.unexpectedError,
        severity: 'error',
      });
    },
  });
  const device = notice.device;
  const deviceText = device ? `${device.name} (${device.identifier})` : undefined;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        p: { xs: 2, sm: 2.5 },
        borderLeftWidth: 4,
        borderLeftColor: unread ? 'primary.main' : 'divider',
        bgcolor: unread ? 'action.hover' : 'background.paper',
      }}
    >
      <Stack spacing={1}>
        <Typography
          id={titleId}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}
        >
          {unread ? <span style={VISUALLY_HIDDEN}>Unread: </span> : null}
          {notice.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {notice.companyName} ·{' '}
          <time dateTime={notice.createdAt}>{formatDate(notice.createdAt, 'dd/MM/yyyy HH:mm')}</time>
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {notice.body}
        </Typography>
        {device ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Device:{' '}
            {canOpenDevice ? (
              <Link
                component={RouterLink}
                to={`/${fillRoutePath('mobile/device/:cli', { cli: device.identifier })}`}
                onClick={() => {
                  if (unread) markRead.mutate();
                }}
              >
                {deviceText}
              </Link>
            ) : (
              deviceText
            )}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {notice.bar ? (
            <Chip
              size="small"
              variant="outlined"
              // In the text's own colour: the palette's warning and error fall short of the contrast on a notice.
              label={`${BAR_STATE_LABELS[notice.bar.state]}: ${BAR_KIND_LABELS[notice.bar.kind]}`}
              data-testid="bar-state"
            />
          ) : null}
          {notice.bar && canUndoBar(notice) && canChangeBars ? (
            <Button size="small" variant="outlined" onClick={() => setConfirming(true)} disabled={undo.isPending}>
              Undo bar
            </Button>
          ) : null}
          {unread ? (
            <Button size="small" onClick={() => markRead.mutate()} disabled={markRead.isPending}>
              Mark as read
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {notice.bar ? (
        <ConfirmationDialog
          open={confirming}
          busy={undo.isPending}
          message={`The bar on ${deviceText ?? 'the device'}'s ${BAR_KIND_LABELS[notice.bar.kind]} will be lifted through its carrier.`}
          onConfirm={() => undo.mutate()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </Paper>
  );
}
