import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  VIEW_AS_MINUTES,
  VIEW_AS_REASON,
  type ViewAsCandidate,
  ViewAsStartRequestSchema,
  viewAsOperations,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { callOperation, isNotFound, operationQuery, serverErrorMessage } from '../../api/operations';
import { retryUnlessNotFound } from '../../components/admin/AdminFormLayout';
import { DetailList } from '../../components/DetailList';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeading } from '../../components/PageHeading';
import { goToApp, VIEW_AS_SESSION_HEADERS } from './view-as-navigation';

/** The durations offered, in minutes, within the contract's bounds. */
const DURATIONS = [5, 15, 30, 45, 60].filter(
  (minutes) => minutes >= VIEW_AS_MINUTES.min && minutes <= VIEW_AS_MINUTES.max,
);
const MENU_WITHIN_SCREEN = { MenuProps: { slotProps: { paper: { sx: { maxWidth: 'calc(100% - 32px)' } } } } };

/**
 * View as customer (docs/decisions/0220): a staff member checks whose portal they are about to see, writes why, and
 * starts a read-only view of it for a limited time. The browser then reloads into the customer's portal.
 */
export function ViewAsPage() {
  const { userId } = useParams();
  const id = Number(userId);
  const candidate = useQuery({
    ...operationQuery(viewAsOperations.candidate, { params: { userId: id } }),
    retry: retryUnlessNotFound,
  });
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeading title="View as customer" />
      <Typography>
        See the portal exactly as this user sees it, read-only: nothing can be changed during the view. The reason you
        give, and every page you open, are recorded in the customer&apos;s audit log, which their administrators read.
      </Typography>
      {candidate.isPending ? (
        <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading the user">
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      ) : candidate.isError ? (
        isNotFound(candidate.error) ? (
          <Alert severity="warning">There is no such customer user among your partner&apos;s customers.</Alert>
        ) : (
          <LoadFailed text="We couldn't load the user." onRetry={() => void candidate.refetch()} />
        )
      ) : (
        <>
          <CandidateCard user={candidate.data} />
          <StartForm user={candidate.data} />
        </>
      )}
    </Stack>
  );
}

function CandidateCard({ user }: { user: ViewAsCandidate }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="view-as-user">
      <CardContent>
        <Typography id="view-as-user" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {user.userName}
        </Typography>
        <DetailList
          rows={[
            ['E-mail', user.emailAddress],
            ['Profile', user.profile],
            [
              user.companies.length === 1 ? 'Company' : 'Companies',
              user.companies.map((c) => c.name).join(', '),
              { wide: true },
            ],
          ]}
        />
      </CardContent>
    </Card>
  );
}

function StartForm({ user }: { user: ViewAsCandidate }) {
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState<number>(VIEW_AS_MINUTES.default);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);
  const reasonId = useId();

  async function start(event: FormEvent) {
    event.preventDefault();
    const parsed = ViewAsStartRequestSchema.safeParse({ reason, minutes });
    if (!parsed.success) {
      setReasonError(parsed.error.issues.find((issue) => issue.path[0] === 'reason')?.message);
      return;
    }
    setReasonError(undefined);
    setFailure(undefined);
    setStarting(true);
    try {
      await callOperation(
        viewAsOperations.start,
        { params: { userId: user.id }, body: parsed.data },
        { headers: VIEW_AS_SESSION_HEADERS },
      );
    } catch (error) {
      setFailure(serverErrorMessage(error) ?? "We couldn't start the view. Please try again.");
      setStarting(false);
      return;
    }
    // The session cookie is now the view's: the reload restores it, as the customer's user.
    goToApp('');
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby="view-as-start">
      <CardContent>
        <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void start(event)}>
          <Typography id="view-as-start" variant="h6" component="h2">
            Start the view
          </Typography>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <TextField
            id={reasonId}
            label="Reason"
            required
            multiline
            minRows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError !== undefined}
            helperText={
              reasonError ??
              `Why you need to see their portal, for the customer's audit log (${VIEW_AS_REASON.min} to ${VIEW_AS_REASON.max} characters).`
            }
            slotProps={{ htmlInput: { maxLength: VIEW_AS_REASON.max } }}
            disabled={starting}
          />
          <TextField
            select
            label="Duration"
            value={minutes}
            onChange={(event) => setMinutes(Number(event.target.value))}
            helperText="The view ends by itself after this time."
            slotProps={{ select: MENU_WITHIN_SCREEN }}
            disabled={starting}
            sx={{ maxWidth: 240 }}
          >
            {DURATIONS.map((option) => (
              <MenuItem key={option} value={option}>
                {option} minutes
              </MenuItem>
            ))}
          </TextField>
          <div>
            <Button type="submit" variant="contained" disabled={starting}>
              {starting ? 'Starting…' : `View as ${user.userName}`}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
