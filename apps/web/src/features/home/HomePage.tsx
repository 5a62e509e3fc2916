import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ServiceStatusCard } from '../service-status/ServiceStatusCard';

/** The home route (''). The dashboard tiles arrive with sign-in; for now it introduces the portal. */
export function HomePage() {
  return (
    <Stack spacing={{ xs: 3, md: 4 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
          Business Portal
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ maxWidth: '60ch' }}>
          View your bills, usage and orders, and manage your mobile and broadband estate in one place.
        </Typography>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ServiceStatusCard />
        </Grid>
      </Grid>
    </Stack>
  );
}
