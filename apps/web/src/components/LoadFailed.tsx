import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A load that failed, said as such beside a Retry (decisions 0055, 0061, 0067): never drawn as "nothing" or as an
 * empty list. `stacked` puts the button under the text, centred, for a chart's plot area.
 */
export function LoadFailed({
  text,
  onRetry,
  retryLabel,
  stacked = false,
}: {
  text: string;
  onRetry: () => void;
  /** The button's accessible name where several Retry buttons share a page (e.g. 'Retry Cost of each bill'). */
  retryLabel?: string;
  stacked?: boolean;
}) {
  return (
    <Stack
      role="alert"
      direction={stacked ? 'column' : 'row'}
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', ...(stacked ? { justifyContent: 'center' } : {}) }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <ErrorOutline color="error" fontSize="small" aria-hidden="true" />
        <Typography variant="body2">{text}</Typography>
      </Stack>
      <Button size="small" variant="outlined" onClick={onRetry} {...(retryLabel ? { 'aria-label': retryLabel } : {})}>
        Retry
      </Button>
    </Stack>
  );
}
