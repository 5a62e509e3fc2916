import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../components/PageHeading';

/** A device or contract page for a number with no line the caller may see: the spec's message and the way back. */
export function LineNotFound({ title, text, estatePath }: { title: string; text: string; estatePath: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <PageHeading title={title} />
      <Alert severity="warning">{text}</Alert>
      <Button component={RouterLink} to={estatePath} variant="outlined">
        Return to Estate
      </Button>
    </Stack>
  );
}
