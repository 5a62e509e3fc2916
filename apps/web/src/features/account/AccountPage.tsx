import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { useCurrentUser, useFunctionality } from '../../session/useSession';
import { accessRows } from './access-rows';
import { ChangePasswordCard } from './ChangePasswordCard';
import { PasskeysCard } from './PasskeysCard';
import { SessionsCard } from './SessionsCard';
import { TwoStepCard } from './TwoStepCard';

/**
 * My Account (spec 2.7): details, change password, two-step verification (decision 0207) and passkeys (0209) on the
 * left (5 of 12), the sessions (decision 0211) and access on the right (7 of 12).
 */
export function AccountPage() {
  const [changing, setChanging] = useState(false);
  return (
    <Stack spacing={3}>
      <PageHeading title="My Account" />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={3}>
            <DetailsCard changing={changing} onChange={() => setChanging(true)} />
            {changing ? <ChangePasswordCard onClose={() => setChanging(false)} /> : null}
            <TwoStepCard />
            <PasskeysCard />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            <SessionsCard />
            <AccessCard />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

function DetailsCard({ changing, onChange }: { changing: boolean; onChange: () => void }) {
  const user = useCurrentUser();
  const rows: Array<[string, string | undefined]> = [
    ['Username', user?.userName],
    ['Email Address', user?.email],
    ['Profile', user?.profile],
    // Never shown, only changed: the dots say there is one.
    ['Password', user ? '••••••••••••' : undefined],
  ];
  return (
    <Card component="section" aria-labelledby="details-title">
      <CardHeader title="Details" slotProps={{ title: { id: 'details-title', component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value ?? <Skeleton width={160} />}
              </Typography>
            </div>
          ))}
        </Stack>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 1 }}>
          <Link component={RouterLink} to="/account/sign-ins">
            Recent sign-ins
          </Link>
          <Button variant="outlined" onClick={onChange} disabled={changing} aria-expanded={changing}>
            Change
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function AccessCard() {
  const { data: functionality, isPending } = useFunctionality();
  const rows = accessRows(functionality ?? []);
  return (
    <Card component="section" aria-labelledby="access-title">
      <CardHeader title="Access" slotProps={{ title: { id: 'access-title', component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="access-title">
          <TableHead>
            <TableRow>
              <TableCell>Feature</TableCell>
              <TableCell>Access</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending
              ? [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    <TableCell>
                      <Skeleton />
                    </TableCell>
                    <TableCell>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : rows.map((row) => (
                  <TableRow key={row.code}>
                    <TableCell>{row.feature}</TableCell>
                    <TableCell>{row.accessTypes.join(', ')}</TableCell>
                  </TableRow>
                ))}
            {!isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={2}>You have no access to any features yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
