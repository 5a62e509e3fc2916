import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Session, sessionOperations } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { callOperation, isNotFound, operationQuery } from '../../api/operations';
import { ConfirmationDialog } from '../../components/confirmation-dialog/ConfirmationDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { formatDate } from '../../lib/format';
import { signInWayOf } from './session-text';

const FAILED = 'Something went wrong. Please try again.';
// To the minute: a session's seconds tell the user nothing.
const MINUTES = 'dd/MM/yyyy HH:mm';

/**
 * My Account's sessions (decision 0211): where the caller is signed in now, how each signed in, and signing one out
 * or every other. Stacked entries rather than a table, so a phone shows them whole.
 */
export function SessionsCard() {
  const query = operationQuery(sessionOperations.list, {});
  const sessions = useQuery(query);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [endingAll, setEndingAll] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const reload = () => queryClient.invalidateQueries({ queryKey: query.queryKey });

  async function endOthers() {
    setEndingAll(true);
    setError(undefined);
    try {
      const { ended } = await callOperation(sessionOperations.endOthers, {});
      notify({
        message: ended === 1 ? 'You signed out of 1 other session.' : `You signed out of ${ended} other sessions.`,
        severity: 'success',
      });
      setConfirmingAll(false);
      await reload();
    } catch {
      setConfirmingAll(false);
      setError(FAILED);
    } finally {
      setEndingAll(false);
    }
  }

  function body() {
    if (sessions.isError) {
      return <LoadFailed text="We couldn't load your sessions." onRetry={() => void sessions.refetch()} />;
    }
    if (sessions.isPending) {
      return (
        <Stack spacing={2} aria-busy="true">
          {[0, 1].map((row) => (
            <Stack key={row} spacing={0.5}>
              <Skeleton width="45%" />
              <Skeleton width="70%" />
              <Skeleton width="60%" />
            </Stack>
          ))}
        </Stack>
      );
    }
    const others = sessions.data.filter((session) => !session.current).length;
    return (
      <Stack spacing={2}>
        <Typography variant="body2">
          Where you are signed in now. If you do not recognise a session, sign it out and change your password.
        </Typography>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Stack component="ul" aria-label="Your sessions" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {sessions.data.map((session, index) => (
            <Fragment key={session.id}>
              {index > 0 ? <Divider component="li" aria-hidden="true" /> : null}
              <SessionEntry
                session={session}
                onEnded={() => {
                  notify({ message: 'That session is signed out.', severity: 'success' });
                  void reload();
                }}
              />
            </Fragment>
          ))}
        </Stack>
        {others > 0 ? (
          <Box>
            <Button variant="outlined" color="error" onClick={() => setConfirmingAll(true)} disabled={endingAll}>
              Sign out everywhere else
            </Button>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            You are not signed in anywhere else.
          </Typography>
        )}
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby="sessions-title">
      <CardHeader title="Sessions" slotProps={{ title: { id: 'sessions-title', component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{body()}</CardContent>
      <ConfirmationDialog
        open={confirmingAll}
        busy={endingAll}
        message="Every other session of yours will be signed out, on this and other devices. This one stays signed in."
        onConfirm={() => void endOthers()}
        onCancel={() => setConfirmingAll(false)}
      />
    </Card>
  );
}

/** One session: what it is, how and when it signed in, and for another session a sign-out asked once more. */
function SessionEntry({ session, onEnded }: { session: Session; onEnded: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const device = session.device ?? 'Unknown device';

  async function end() {
    setEnding(true);
    setError(undefined);
    try {
      await callOperation(sessionOperations.end, { body: { sessionId: session.id } });
      onEnded();
    } catch (failure) {
      // Ended meanwhile (elsewhere, or it expired): the list is out of date, not the user wrong.
      if (isNotFound(failure)) {
        onEnded();
      } else {
        setError(FAILED);
        setEnding(false);
      }
    }
  }

  return (
    <Stack
      component="li"
      aria-label={session.current ? `${device}, this device` : device}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ py: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {device}
          {session.current ? (
            <>
              {' '}
              <Chip component="span" label="This device" size="small" variant="outlined" sx={{ ml: 0.5 }} />
            </>
          ) : null}
        </Typography>
        <Typography variant="body2">{signInWayOf(session)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          From {session.address}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {/* Each half whole on its line when a phone wraps them. */}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            Signed in {formatDate(session.startedAt, MINUTES)}
          </Box>{' '}
          ·{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            Last active {formatDate(session.lastActiveAt, MINUTES)}
          </Box>
        </Typography>
        {error ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        ) : null}
      </Box>
      {session.current ? null : confirming ? (
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignItems: 'center' }}>
          <Button onClick={() => setConfirming(false)} disabled={ending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void end()}
            disabled={ending}
            aria-label={`Confirm sign out of ${device}`}
          >
            Sign out
          </Button>
        </Stack>
      ) : (
        <Box sx={{ flexShrink: 0 }}>
          <Button variant="outlined" onClick={() => setConfirming(true)} aria-label={`Sign out ${device}`}>
            Sign out
          </Button>
        </Box>
      )}
    </Stack>
  );
}
