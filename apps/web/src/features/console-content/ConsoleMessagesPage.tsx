import Add from '@mui/icons-material/Add';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import FilterListOff from '@mui/icons-material/FilterListOff';
import HistoryToggleOff from '@mui/icons-material/HistoryToggleOff';
import Schedule from '@mui/icons-material/Schedule';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  MESSAGE_STATUS_LABELS,
  type Message,
  type MessageStatus,
  messageOperations,
  messageStatus,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { callOperation, operationQuery } from '../../api/operations';
import { DeleteDialog } from '../../components/admin/DeleteDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeading } from '../../components/PageHeading';
import { formatDate } from '../../lib/format';
import { MessageEditor } from './MessageEditor';
import { useNow } from './useNow';

const messagesQuery = operationQuery(messageOperations.all, {});

const LOAD_ERROR = "We couldn't load your messages";
const STATUSES: readonly MessageStatus[] = ['current', 'scheduled', 'expired'];
type StatusFilter = 'all' | MessageStatus;
const STATUS_PARAM = 'status';

/** Each status by its word and an icon: MUI's filled colours fall short of the enhanced contrast the portal keeps. */
const STATUS_ICONS: Record<MessageStatus, ReactElement> = {
  current: <CheckCircleOutline />,
  scheduled: <Schedule />,
  expired: <HistoryToggleOff />,
};

/** A message named in a sentence: its first words. */
export function messageName(message: Pick<Message, 'text'>): string {
  const text = message.text.trim();
  return `the message “${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;
}

const at = (instant: string) => formatDate(instant, 'dd/MM/yyyy HH:mm');

/** A message's window in words, in UK time. */
function windowText(message: Message): string {
  if (message.startDate && message.endDate) return `${at(message.startDate)} – ${at(message.endDate)}`;
  if (message.startDate) return `From ${at(message.startDate)}, no end`;
  if (message.endDate) return `Until ${at(message.endDate)}`;
  return 'Always, until removed';
}

type Editing = { mode: 'add' } | { mode: 'edit'; message: Message };

/**
 * The reseller console's banner messages (docs/decisions/0217): every message of the staff member's partner, current,
 * scheduled or expired, with its status; add, change, schedule and delete, with a preview as the banner.
 */
export function ConsoleMessagesPage() {
  const messages = useQuery({ ...messagesQuery, select: (list) => list.value });
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const filterParam = params.get(STATUS_PARAM);
  const filter: StatusFilter = STATUSES.includes(filterParam as MessageStatus) ? (filterParam as MessageStatus) : 'all';
  const setFilter = (next: StatusFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete(STATUS_PARAM);
        else updated.set(STATUS_PARAM, next);
        return updated;
      },
      { replace: false },
    );
  const [editing, setEditing] = useState<Editing | undefined>();
  const [deleting, setDeleting] = useState<Message | undefined>();
  // Where the focus goes once the editor closes or a message is deleted: the page's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const [returnFocus, setReturnFocus] = useState(0);
  useEffect(() => {
    if (returnFocus > 0) heading.current?.focus();
  }, [returnFocus]);
  const closeEditor = () => {
    setEditing(undefined);
    setReturnFocus((count) => count + 1);
  };

  const shown = messages.data?.filter((message) => filter === 'all' || messageStatus(message, now) === filter);

  const list = () => {
    // A load under way with nothing to show (the first, or a retry after a failure) is loading; a failure is said as
    // one, never as an empty list; a failed reload keeps the rows it had and says so above them.
    if (messages.data === undefined && messages.isError && !messages.isFetching) {
      return <LoadFailed text={LOAD_ERROR} onRetry={() => void messages.refetch()} />;
    }
    if (messages.data === undefined) {
      return (
        <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading messages">
          <Skeleton variant="rounded" height={112} />
          <Skeleton variant="rounded" height={112} />
        </Stack>
      );
    }
    if (messages.data.length === 0) {
      return (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography role="status" variant="body2">
            No messages yet.
          </Typography>
          {editing ? null : (
            <Button variant="outlined" size="small" startIcon={<Add />} onClick={() => setEditing({ mode: 'add' })}>
              Add message
            </Button>
          )}
        </Stack>
      );
    }
    if (!shown || shown.length === 0) {
      return (
        <Stack role="status" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FilterListOff color="action" fontSize="small" aria-hidden="true" />
          <Typography variant="body2">{`No ${MESSAGE_STATUS_LABELS[filter as MessageStatus].toLowerCase()} messages`}</Typography>
          <Button size="small" variant="outlined" onClick={() => setFilter('all')}>
            Show all
          </Button>
        </Stack>
      );
    }
    return (
      <>
        {messages.isError && !messages.isFetching ? (
          <LoadFailed text={LOAD_ERROR} onRetry={() => void messages.refetch()} />
        ) : null}
        <Stack spacing={2} component="ul" aria-label="Messages" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((message) => (
            <MessageCard
              key={message.id}
              message={message}
              status={messageStatus(message, now)}
              busy={editing !== undefined}
              onEdit={() => setEditing({ mode: 'edit', message })}
              onDelete={() => setDeleting(message)}
            />
          ))}
        </Stack>
      </>
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
        <PageHeading title="Messages" ref={heading} />
        {editing ? null : (
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ mode: 'add' })}>
            Add message
          </Button>
        )}
      </Stack>
      <Typography>
        Messages show in the banner at the top of your customers' portal and on its sign-in page, from their start to
        their end. Times are UK time.
      </Typography>
      {editing ? (
        <MessageEditor
          key={editing.mode === 'edit' ? editing.message.id : 'new'}
          message={editing.mode === 'edit' ? editing.message : undefined}
          onClose={closeEditor}
          onSaved={closeEditor}
        />
      ) : null}
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_, next: StatusFilter | null) => {
          if (next) setFilter(next);
        }}
        aria-label="Show messages"
        sx={{ flexWrap: 'wrap' }}
      >
        <ToggleButton value="all">All</ToggleButton>
        {STATUSES.map((status) => (
          <ToggleButton key={status} value={status}>
            {MESSAGE_STATUS_LABELS[status]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {list()}
      {deleting ? (
        <DeleteDialog
          name={messageName(deleting)}
          remove={() => callOperation(messageOperations.remove, { params: { id: deleting.id } })}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            setDeleting(undefined);
            if (editing?.mode === 'edit' && editing.message.id === deleting.id) setEditing(undefined);
            setReturnFocus((count) => count + 1);
          }}
        />
      ) : null}
    </Stack>
  );
}

function MessageCard({
  message,
  status,
  busy,
  onEdit,
  onDelete,
}: {
  message: Message;
  status: MessageStatus;
  /** The editor is open: one message is edited at a time. */
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const textId = `message-${message.id}-text`;
  return (
    <Card component="li" variant="outlined" aria-labelledby={textId}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" variant="outlined" icon={STATUS_ICONS[status]} label={MESSAGE_STATUS_LABELS[status]} />
            <Typography variant="body2" color="text.secondary">
              {windowText(message)}
            </Typography>
          </Stack>
          <Typography id={textId} sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {message.text}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" onClick={onEdit} disabled={busy} aria-describedby={textId}>
              Edit
            </Button>
            <Button size="small" color="error" onClick={onDelete} aria-describedby={textId}>
              Delete
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
