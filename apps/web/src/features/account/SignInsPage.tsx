import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { loginOperations } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { operationQuery } from '../../api/operations';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeading } from '../../components/PageHeading';
import { formatDateTime } from '../../lib/format';

// Told apart by their words and weight, in the text colour: a partner's theme colour on a small label can fall
// short of the enhanced contrast every page is held to.
const SESSION_TEXT = { current: 'This session', active: 'Still signed in', ended: 'Ended' } as const;

const COLUMNS = ['Signed in', 'From', 'Session'];

/** The caller's own recent sign-ins, so a stranger's use of the account can be spotted (decision 0171). */
export function SignInsPage() {
  const signIns = useQuery(operationQuery(loginOperations.signIns, {}));
  return (
    <Stack spacing={3}>
      <PageHeading title="Recent sign-ins" />
      <Typography>
        Your 20 most recent sign-ins to the portal, newest first. If you do not recognise one, change your password on{' '}
        <Link component={RouterLink} to="/account">
          My Account
        </Link>
        : every other session then ends.
      </Typography>
      <Card component="section" aria-label="Your sign-ins">
        <CardContent sx={{ overflowX: 'auto' }}>
          {signIns.isError ? (
            <LoadFailed text="We couldn't load your sign-ins." onRetry={() => void signIns.refetch()} />
          ) : (
            <Table size="small" aria-label="Your sign-ins" aria-busy={signIns.isPending}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column}>{column}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {signIns.isPending
                  ? [0, 1, 2].map((row) => (
                      <TableRow key={row}>
                        {COLUMNS.map((column) => (
                          <TableCell key={column}>
                            <Skeleton />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : signIns.data.map((signIn) => (
                      <TableRow key={`${signIn.signedInAt}-${signIn.address}`}>
                        <TableCell>{formatDateTime(signIn.signedInAt)}</TableCell>
                        <TableCell sx={{ overflowWrap: 'break-word' }}>{signIn.address ?? 'Unknown'}</TableCell>
                        <TableCell sx={{ fontWeight: signIn.session === 'current' ? 600 : 400 }}>
                          {SESSION_TEXT[signIn.session]}
                        </TableCell>
                      </TableRow>
                    ))}
                {signIns.data?.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length}>No sign-ins have been recorded for you yet.</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
