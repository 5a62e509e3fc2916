import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeading } from '../../components/PageHeading';

/** A device or contract page while its line and contract load: the two columns' places (5/7 on a wide screen). */
export function LinePageLoading({ title }: { title: string }) {
  return (
    <Stack spacing={3} aria-busy="true">
      <PageHeading title={title} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Skeleton variant="rounded" height={320} />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Skeleton variant="rounded" height={320} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** A device or contract page whose line or contract failed to load, with a retry. */
export function LinePageFailed({ title, text, onRetry }: { title: string; text: string; onRetry: () => void }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <PageHeading title={title} />
      <LoadFailed text={text} onRetry={onRetry} />
    </Stack>
  );
}
