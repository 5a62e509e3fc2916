import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  SEARCH_MIN_CHARS,
  SEARCH_RESULT_TYPE_TITLES,
  SEARCH_RESULT_TYPES,
  type SearchResult,
  searchResultPath,
} from '@portal/contract';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { TextInput } from '../../components/form/TextInput';
import { PageHeading } from '../../components/PageHeading';
import { usePermissions, useSessionSnapshot } from '../../session/useSession';
import { useTypedSearch } from './useSearch';

/** Results per section: enough to find what was meant, the box narrows the rest. */
const RESULTS_PER_TYPE = 10;

/** Shown instead of the spec's 'Unable to find any results' when the search itself failed (decision 0070). */
export const SEARCH_FAILED = 'The search failed. Please try again.';

/**
 * The search page (spec 2.17): the term lives in the URL (`searchTerm`), results reload a second after typing stops,
 * and each type that found something gets its own card of links. Searching, failed and found-nothing each look
 * different, and no result of an older term stays on screen while a newer one is searched.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('searchTerm') ?? '');
  const search = useTypedSearch(typed, { count: RESULTS_PER_TYPE });
  const { settledTerm } = search;
  const held = usePermissions() ?? [];
  const { roles } = useSessionSnapshot();

  // Keep the URL in step with what is searched, so the page can be bookmarked and Back works.
  useEffect(() => {
    if (settledTerm !== (params.get('searchTerm') ?? '')) {
      setParams(settledTerm === '' ? {} : { searchTerm: settledTerm }, { replace: true });
    }
  }, [settledTerm, params, setParams]);

  const sections =
    search.status === 'answered'
      ? SEARCH_RESULT_TYPES.map((type) => ({
          type,
          links: search.results
            .filter((result) => result.type === type)
            .flatMap((result: SearchResult) => {
              const path = searchResultPath(result, held, roles);
              return path === undefined ? [] : [{ result, to: `/${path}` }];
            }),
        })).filter((section) => section.links.length > 0)
      : [];

  return (
    <Stack spacing={3}>
      <PageHeading title="Search" />
      <TextInput
        label="Search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoFocus
        type="search"
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon />
          </InputAdornment>
        }
        helperText={
          search.term.length > 0 && search.status === 'idle'
            ? `Type at least ${SEARCH_MIN_CHARS} characters.`
            : 'Devices, contracts, orders, sites, teams, users and FAQs: by name, number or reference.'
        }
        sx={{ maxWidth: 640 }}
      />
      {search.status === 'searching' ? (
        <Stack spacing={1} role="status" aria-busy>
          <LinearProgress aria-label="Searching" />
          <Typography color="text.secondary">Searching for {search.term}…</Typography>
        </Stack>
      ) : null}
      {search.status === 'failed' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={search.retry}>
              Try again
            </Button>
          }
        >
          {SEARCH_FAILED}
        </Alert>
      ) : null}
      {search.status === 'answered' && sections.length === 0 ? (
        <Typography role="status">Unable to find any results for {search.term}</Typography>
      ) : null}
      <Grid container spacing={3}>
        {sections.map(({ type, links }) => (
          <Grid key={type} size={{ xs: 12, md: 6, xl: 4 }}>
            <Card component="section" aria-labelledby={`results-${type}`} sx={{ height: '100%' }}>
              <CardHeader
                title={SEARCH_RESULT_TYPE_TITLES[type]}
                slotProps={{ title: { id: `results-${type}`, component: 'h2', variant: 'h6' } }}
                sx={{ pb: 0 }}
              />
              <CardContent>
                <List dense disablePadding>
                  {links.map(({ result, to }) => (
                    <ListItem key={`${result.type}-${result.id}`} disableGutters sx={{ display: 'block' }}>
                      <Link component={RouterLink} to={to} sx={{ overflowWrap: 'anywhere' }}>
                        {result.name}
                      </Link>
                      {result.reference === undefined ? null : (
                        <Typography variant="body2" color="text.secondary">
                          {result.reference}
                        </Typography>
                      )}
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
