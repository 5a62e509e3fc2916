import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { TypedSearch } from './useSearch';

/** The words for a search that has no results to list (yet): searching, failed, or found nothing. */
export function searchStatusText(search: TypedSearch): string | undefined {
  if (search.status === 'searching') return `Searching for ${search.term}…`;
  if (search.status === 'failed') return `The search for ${search.term} failed.`;
  if (search.status === 'answered' && search.results.length === 0) return `No results for ${search.term}`;
  return undefined;
}

/** The type-ahead's status line above its choices, read out by screen readers as it changes. */
export function SearchStatusLine({ search }: { search: TypedSearch }) {
  const text = searchStatusText(search);
  return (
    <Box role="status" sx={{ display: text ? 'flex' : 'none', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 0.5 }}>
      {search.status === 'searching' ? <CircularProgress size={14} aria-hidden /> : null}
      <Typography
        variant="body2"
        color={search.status === 'failed' ? 'error' : 'text.secondary'}
        noWrap
        sx={{ minWidth: 0 }}
      >
        {text}
      </Typography>
    </Box>
  );
}
