import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type SsoApprovalItem, ssoOperations } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callOperation, operationQuery } from '../../api/operations';
import { saveFailureMessage } from '../../components/admin/admin-rules';
import { ConfirmationDialog } from '../../components/confirmation-dialog/ConfirmationDialog';
import { DetailList } from '../../components/DetailList';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { PageHeading } from '../../components/PageHeading';
import { formatDateTime } from '../../lib/format';

const approvalsQuery = operationQuery(ssoOperations.approvals, {});

/**
 * The partner's approval of its companies' single sign-on connections (docs/decisions/0208): a connection lets
 * nobody in until a member of the partner's staff has checked that the provider and the e-mail domains are the
 * company's own, and approved it here.
 */
export function SsoApprovalsPage() {
  const approvals = useQuery(approvalsQuery);
  return (
    <Stack spacing={3}>
      <PageHeading title="Single Sign-On Approvals" />
      <Typography>
        Before approving, check with the company that the issuer is their own identity provider and that they own every
        e-mail domain listed: whoever the provider vouches for at those domains can sign in as that company's users.
      </Typography>
      {approvals.isError ? (
        <LoadFailed text="We couldn't load the connections." onRetry={() => void approvals.refetch()} />
      ) : approvals.isPending ? (
        <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading connections">
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      ) : approvals.data.length === 0 ? (
        <Alert severity="info">No company has set up single sign-on yet.</Alert>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {approvals.data.map((item) => (
            <ApprovalCard key={item.companyId} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ApprovalCard({ item }: { item: SsoApprovalItem }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const approved = item.status === 'approved';
  const decide = useMutation({
    mutationFn: () =>
      callOperation(ssoOperations.approve, { body: { companyId: item.companyId, approved: !approved } }),
    onSuccess: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: approvalsQuery.queryKey });
      notify({
        message: approved
          ? `Approval withdrawn: ${item.companyName}'s users log in with their passwords.`
          : `Approved: ${item.companyName}'s users can sign in through their provider.`,
        severity: 'success',
      });
    },
    onError: (error) => {
      setConfirming(false);
      notify({ message: saveFailureMessage(error), severity: 'error' });
    },
  });
  const headingId = `sso-approval-${item.companyId}`;
  return (
    <Card component="li" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={headingId} variant="h6" component="h2">
              {item.companyName}
            </Typography>
            <Chip size="small" variant="outlined" label={approved ? 'Approved' : 'Awaiting approval'} />
          </Stack>
          <DetailList
            rows={[
              ['Issuer', item.issuer, { wide: true }],
              ['Client id', item.clientId],
              ['E-mail domains', item.emailDomains.join(', ')],
              ['Last changed', formatDateTime(item.updatedAt)],
              ['Approved', item.approvedAt ? formatDateTime(item.approvedAt) : undefined],
            ]}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap>
            <Button
              variant={approved ? 'outlined' : 'contained'}
              color={approved ? 'error' : 'primary'}
              disabled={decide.isPending}
              onClick={() => setConfirming(true)}
              aria-describedby={headingId}
            >
              {approved ? 'Withdraw approval' : 'Approve'}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <ConfirmationDialog
        open={confirming}
        message={
          approved
            ? `Withdraw the approval of ${item.companyName}'s single sign-on? Its users will have to log in with their passwords.`
            : `Approve ${item.companyName}'s single sign-on through ${item.issuer} for ${item.emailDomains.join(', ')}?`
        }
        busy={decide.isPending}
        onConfirm={() => decide.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
