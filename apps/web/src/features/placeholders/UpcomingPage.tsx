import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { PageHeading } from '../../components/PageHeading';

/** A route whose page a later release builds; its guard already applies. */
export function UpcomingPage({ title }: { title: string }) {
  return (
    <Stack spacing={2}>
      <PageHeading title={title} />
      <Alert severity="info">This page is not available yet.</Alert>
    </Stack>
  );
}
