import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CUSTOMER_MESSAGES,
  type CustomerUser,
  CustomerUserSchema,
  consoleCustomerOperations,
  viewAsPath,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { callOperation, isNotFound, operationQuery, serverErrorMessage } from '../../api/operations';
import { retryUnlessNotFound } from '../../components/admin/AdminFormLayout';
import { ConfirmationDialog } from '../../components/confirmation-dialog/ConfirmationDialog';
import { DetailList } from '../../components/DetailList';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { PageHeading } from '../../components/PageHeading';
import { formatDate } from '../../lib/format';
import { signInState } from './customer-users';

const FAILED = 'That did not work. Please try again.';

/**
 * A customer of the partner (decision 0219): its details and counts, and its users with their sign-in state, a
 * password reset (the forgot-password e-mail), an unlock of a throttled username, and a link to view as them.
 */
export function CustomerPage() {
  const companyId = Number(useParams().companyId);
  const customer = useQuery({
    ...operationQuery(consoleCustomerOperations.get, { params: { companyId } }),
    retry: retryUnlessNotFound,
  });
  const notify = useNotify();
  // The user a reset is for stays named while the dialog closes; `confirming` opens and closes it.
  const [resetting, setResetting] = useState<CustomerUser | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const columns = useMemo<DataTableColumn<CustomerUser>[]>(() => {
    const unlock = async (user: CustomerUser) => {
      try {
        await callOperation(consoleCustomerOperations.unlock, { params: { companyId, userId: user.id ?? 0 } });
        notify({ message: CUSTOMER_MESSAGES.unlocked(user.userName ?? ''), severity: 'success' });
      } catch (error) {
        notify({ message: serverErrorMessage(error) ?? FAILED, severity: 'error' });
      }
    };
    return [
      { field: 'userName', header: 'User Name', sortable: true, filter: 'text', card: 'wideKey' },
      { field: 'emailAddress', header: 'Email Address', sortable: true, filter: 'text', card: 'wide' },
      { field: 'profileName', header: 'Profile', sortable: true, filter: 'text' },
      { field: 'signIn', header: 'Sign-in', value: (user) => signInState(user) },
      {
        field: 'lastSignIn',
        header: 'Last sign-in',
        sortable: true,
        value: (user) => (user.lastSignIn ? formatDate(user.lastSignIn, 'dd/MM/yyyy HH:mm') : 'Never'),
      },
      {
        field: 'viewAs',
        header: 'View as',
        headerHidden: true,
        excludeFromCsv: true,
        render: (user) => (
          <MuiLink
            component={RouterLink}
            to={viewAsPath(user.id ?? 0)}
            aria-label={`View as ${user.userName}`}
            sx={{ display: 'inline-block', py: 0.5, whiteSpace: 'nowrap' }}
          >
            View as…
          </MuiLink>
        ),
      },
      {
        field: '__actions',
        header: 'Actions',
        headerHidden: true,
        excludeFromCsv: true,
        align: 'right',
        render: (user) => (
          <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
            {user.throttled ? (
              <Button
                size="small"
                variant="outlined"
                aria-label={`Unlock ${user.userName}`}
                onClick={() => void unlock(user)}
              >
                Unlock
              </Button>
            ) : null}
            <Button
              size="small"
              aria-label={`Reset password for ${user.userName}`}
              onClick={() => {
                setResetting(user);
                setConfirming(true);
              }}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Reset password
            </Button>
          </Stack>
        ),
      },
    ];
  }, [companyId, notify]);

  const sendReset = async () => {
    if (!resetting) return;
    setBusy(true);
    try {
      await callOperation(consoleCustomerOperations.resetPassword, {
        params: { companyId, userId: resetting.id ?? 0 },
      });
      notify({ message: CUSTOMER_MESSAGES.resetSent(resetting.userName ?? ''), severity: 'success' });
    } catch (error) {
      notify({ message: serverErrorMessage(error) ?? FAILED, severity: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  if (customer.isError && isNotFound(customer.error)) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <PageHeading title="Customer" />
        <Alert severity="warning">Unable to find this customer.</Alert>
        <Button component={RouterLink} to="/console/customers" variant="outlined">
          Return to Customers
        </Button>
      </Stack>
    );
  }
  const company = customer.data;
  return (
    <Stack spacing={3}>
      <PageHeading title={company?.name ?? 'Customer'} />
      <Card component="section" aria-label="Customer details">
        <CardContent>
          {customer.isError ? (
            <LoadFailed text="We couldn't load this customer" onRetry={() => void customer.refetch()} />
          ) : company ? (
            <DetailList
              rows={[
                ['Account number', company.accountNumber],
                ['Customer since', formatDate(company.createdDate)],
                ['Users', String(company.users)],
                ['Mobile devices', String(company.mobileDevices)],
                ['Broadband contracts', String(company.broadbandContracts)],
                ['Sites', String(company.sites)],
                ['Teams', String(company.teams)],
              ]}
            />
          ) : (
            <Skeleton variant="rounded" height={120} aria-label="Loading the customer" />
          )}
        </CardContent>
      </Card>
      <Typography variant="h5" component="h2">
        Users
      </Typography>
      <DataTable<CustomerUser>
        resource="console-customer-users"
        urlKey="users"
        operation={consoleCustomerOperations.users}
        params={{ companyId }}
        parseRow={CustomerUserSchema.parse}
        columns={columns}
        getRowId={(user) => user.id ?? 0}
        ariaLabel="Users"
        defaultSort={{ field: 'userName', direction: 'asc' }}
        csvFileName={company ? `users-${company.accountNumber}` : false}
        emptyText="This customer has no users yet."
        noMatchText="No users match this filter"
        loadErrorText="We couldn't load this customer's users"
      />
      <ConfirmationDialog
        open={confirming}
        message={`Send ${resetting?.userName ?? 'this user'} a temporary password by e-mail? Their current password works until they use it.`}
        onConfirm={() => void sendReset()}
        onCancel={() => setConfirming(false)}
        onClosed={() => setResetting(undefined)}
        busy={busy}
      />
    </Stack>
  );
}
