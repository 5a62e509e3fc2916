import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatTime } from '../../lib/format';
import { type ServiceStatus, useServiceStatus } from './useServiceStatus';

function StatusMessage({ status }: { status: ServiceStatus }) {
  if (status.state === 'checking') {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minHeight: 48 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography color="text.secondary">Checking service status…</Typography>
      </Stack>
    );
  }
  const operational = status.state === 'operational';
  return (
    <Stack spacing={1}>
      <Alert severity={operational ? 'success' : 'error'} variant="outlined" role="none">
        {operational ? 'All systems operational' : 'Service unavailable'}
      </Alert>
      <Typography variant="body2" color="text.secondary">
        Last checked at {formatTime(status.checkedAt)}
      </Typography>
    </Stack>
  );
}

/** Tells the user whether the portal's back end is up (`GET /ready`), re-checking every 30 seconds. */
export function ServiceStatusCard() {
  const status = useServiceStatus();
  const titleId = useId();

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardHeader
        title="Service status"
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Box aria-live="polite" aria-atomic="true" aria-busy={status.state === 'checking'}>
          <StatusMessage status={status} />
        </Box>
      </CardContent>
    </Card>
  );
}
