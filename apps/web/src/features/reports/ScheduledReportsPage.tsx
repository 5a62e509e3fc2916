import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  mayHaveReport,
  REPORT_FORMAT_LABELS,
  REPORT_FREQUENCY_LABELS,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  type ReportSubscription,
  reportOperations,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callOperation, operationQuery, serverErrorMessage } from '../../api/operations';
import { ConfirmationDialog } from '../../components/confirmation-dialog/ConfirmationDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { PageHeading } from '../../components/PageHeading';
import { useCurrentUser, usePermissions } from '../../session/useSession';
import { ReportSubscriptionDialog } from './ReportSubscriptionDialog';
import { londonDateTime, withPaused } from './report-form';

const STATE_TEXT = { active: 'Active', paused: 'Paused', stopped: 'Stopped' } as const;

/**
 * Scheduled reports (docs/decisions/0216): the caller's own subscriptions to reports by e-mail, with when each runs
 * next and was last sent; adding and changing one (only the reports the caller may have), pausing, resuming,
 * deleting, and sending one now.
 */
export function ScheduledReportsPage() {
  const listQuery = operationQuery(reportOperations.list, {});
  const subscriptions = useQuery(listQuery);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const held = usePermissions();
  const user = useCurrentUser();
  const kinds = held === undefined ? [] : REPORT_KINDS.filter((kind) => mayHaveReport(kind, held));
  const [editing, setEditing] = useState<{ subscription?: ReportSubscription } | undefined>();
  const [deleting, setDeleting] = useState<ReportSubscription | undefined>();
  const [busy, setBusy] = useState<number | undefined>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: listQuery.queryKey });

  async function act(subscription: ReportSubscription, work: () => Promise<unknown>, done: string) {
    setBusy(subscription.id);
    try {
      await work();
      await refresh();
      notify({ message: done, severity: 'success' });
    } catch (error) {
      notify({ message: serverErrorMessage(error) ?? 'Something went wrong. Please try again.', severity: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  const sendNow = (subscription: ReportSubscription) =>
    act(
      subscription,
      () => callOperation(reportOperations.sendNow, { params: { id: subscription.id } }),
      `${REPORT_KIND_LABELS[subscription.kind]} report sent.`,
    );
  const setPaused = (subscription: ReportSubscription, paused: boolean) =>
    act(
      subscription,
      () =>
        callOperation(reportOperations.update, {
          params: { id: subscription.id },
          body: withPaused(subscription, paused),
        }),
      paused ? 'Report paused.' : 'Report resumed.',
    );

  function list() {
    if (subscriptions.isError) {
      return (
        <LoadFailed text="We couldn't load your scheduled reports." onRetry={() => void subscriptions.refetch()} />
      );
    }
    if (subscriptions.isPending) {
      return (
        <Stack spacing={1.5} aria-busy="true" aria-label="Loading your scheduled reports">
          {[0, 1].map((row) => (
            <Box key={row}>
              <Skeleton width="40%" />
              <Skeleton width="70%" />
              <Skeleton width="55%" />
            </Box>
          ))}
        </Stack>
      );
    }
    if (subscriptions.data.length === 0) {
      return <Typography>You have no scheduled reports yet.</Typography>;
    }
    return (
      <Box component="ul" aria-label="Your scheduled reports" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {subscriptions.data.map((subscription) => (
          <SubscriptionRow
            key={subscription.id}
            subscription={subscription}
            myEmail={user?.email ?? ''}
            busy={busy === subscription.id}
            onSendNow={() => void sendNow(subscription)}
            onChange={() => setEditing({ subscription })}
            onPause={() => void setPaused(subscription, subscription.state === 'active')}
            onDelete={() => setDeleting(subscription)}
          />
        ))}
      </Box>
    );
  }

  return (
    <Stack spacing={3}>
      <PageHeading title="Scheduled reports" />
      <Typography>
        Reports of what you can see in the portal, e-mailed as PDF or CSV to you and anyone you list. Weekly reports go
        on Mondays and monthly ones on the 6th, after bills are issued, at 07:00 London time.
      </Typography>
      <Box>
        <Button variant="contained" onClick={() => setEditing({})} disabled={held !== undefined && kinds.length === 0}>
          Add a report
        </Button>
        {held !== undefined && kinds.length === 0 ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            You have no access to bills or mobile usage, so there is no report you can have.
          </Typography>
        ) : null}
      </Box>
      <Card component="section" aria-labelledby="report-list-title">
        <CardContent>
          <Typography id="report-list-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
            Your reports
          </Typography>
          {list()}
        </CardContent>
      </Card>
      {editing ? (
        <ReportSubscriptionDialog
          subscription={editing.subscription}
          kinds={kinds}
          myEmail={user?.email ?? ''}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            void refresh();
            notify({
              message: `${REPORT_KIND_LABELS[saved.kind]} report ${editing.subscription ? 'saved' : 'added'}.`,
              severity: 'success',
            });
          }}
        />
      ) : null}
      <ConfirmationDialog
        open={deleting !== undefined}
        message={deleting ? `The ${REPORT_KIND_LABELS[deleting.kind]} report will no longer be sent.` : ''}
        busy={deleting !== undefined && busy === deleting.id}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const subscription = deleting;
          if (!subscription) return;
          void act(
            subscription,
            () => callOperation(reportOperations.remove, { params: { id: subscription.id } }),
            'Report deleted.',
          ).then(() => setDeleting(undefined));
        }}
      />
    </Stack>
  );
}

function SubscriptionRow({
  subscription,
  myEmail,
  busy,
  onSendNow,
  onChange,
  onPause,
  onDelete,
}: {
  subscription: ReportSubscription;
  myEmail: string;
  busy: boolean;
  onSendNow: () => void;
  onChange: () => void;
  onPause: () => void;
  onDelete: () => void;
}) {
  const label = REPORT_KIND_LABELS[subscription.kind];
  const recipients = [...(subscription.sendToMe ? [`me (${myEmail || 'my address'})`] : []), ...subscription.emails];
  return (
    <Stack
      component="li"
      aria-label={`${label} report`}
      spacing={1}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} useFlexGap>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: subscription.state === 'active' ? 400 : 600 }}>
          {STATE_TEXT[subscription.state]}
        </Typography>
      </Stack>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
        <Detail term="Format" value={REPORT_FORMAT_LABELS[subscription.format]} />
        <Detail term="How often" value={REPORT_FREQUENCY_LABELS[subscription.frequency]} />
        <Detail term="To" value={recipients.join(', ')} />
        <Detail
          term="Next run"
          value={subscription.nextRunAt ? `${londonDateTime(subscription.nextRunAt)} (London time)` : 'Not scheduled'}
        />
        <Detail
          term="Last sent"
          value={subscription.lastSentAt ? `${londonDateTime(subscription.lastSentAt)} (London time)` : 'Not sent yet'}
        />
      </Box>
      {subscription.state === 'stopped' && subscription.stoppedReason ? (
        <Alert severity="warning">{subscription.stoppedReason}</Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          onClick={onSendNow}
          disabled={busy || subscription.state === 'stopped'}
          aria-label={`Send now: ${label}`}
        >
          Send now
        </Button>
        <Button size="small" onClick={onChange} disabled={busy} aria-label={`Change: ${label}`}>
          Change
        </Button>
        <Button
          size="small"
          onClick={onPause}
          disabled={busy}
          aria-label={`${subscription.state === 'active' ? 'Pause' : 'Resume'}: ${label}`}
        >
          {subscription.state === 'active' ? 'Pause' : 'Resume'}
        </Button>
        <Button size="small" color="error" onClick={onDelete} disabled={busy} aria-label={`Delete: ${label}`}>
          Delete
        </Button>
      </Stack>
    </Stack>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}
