import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { notificationOperations, TIMINGS } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { operationQuery } from '../../api/operations';
import { bellLabel } from './notice-text';

/**
 * The toolbar's bell (issue 26): the caller's unread notices, polled as the banner's messages are (30 s) and asked
 * again whenever a notice is read (a write to the area reloads its queries). It is on every signed-in page, so it is
 * kept to the count and a link: the list is the notifications page's.
 */
export function NotificationBell() {
  const { data } = useQuery({
    ...operationQuery(notificationOperations.unreadCount, {}),
    staleTime: TIMINGS.messagePollMs,
    refetchInterval: TIMINGS.messagePollMs,
  });
  const unread = data?.unread ?? 0;
  return (
    <IconButton color="inherit" component={RouterLink} to="/notifications" aria-label={bellLabel(unread)}>
      {/* The badge's text is part of the link's name (axe's label-content-name-mismatch): no "0", and no "99+" for
          a count the label says in full. */}
      <Badge
        badgeContent={unread > 0 ? unread : undefined}
        max={Number.MAX_SAFE_INTEGER}
        color="error"
        overlap="circular"
      >
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
