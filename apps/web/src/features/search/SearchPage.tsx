import SearchIcon from '@mui/icons-material/Search';
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
import { usePermissions, useSessionSnapshot } from '../../app/session/useSession';
import { TextInput } from '../../components/form/TextInput';
import { PageHeading } from '../../components/PageHeading';
import { useDebouncedValue, useSearchResults } from './useSearch';

/** Results per section: enough to find what was meant, the box narrows the rest. */
const RESULTS_PER_TYPE = 10;

/**
 * The search page (spec 2.17): the term lives in the URL (`searchTerm`), results reload a second after typing stops,
 * and each type that found something gets its own card of links.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const urlTerm = params.get('searchTerm') ?? '';
  const [term, setTerm] = useState(urlTerm);
  const settledTerm = useDebouncedValue(term);
  const held = usePermissions() ?? [];
  const { roles } = useSessionSnapshot();

  // Keep the URL in step with what is searched, so the page can be bookmarked and Back works.
  useEffect(() => {
    const trimmed = settledTerm.trim();
    if (trimmed !== (params.get('searchTerm') ?? '')) {
      setParams(trimmed === '' ? {} : { searchTerm: trimmed }, { replace: true });
    }
  }, [settledTerm, params, setParams]);

  const searchable = settledTerm.trim().length >= SEARCH_MIN_CHARS;
  const { data, isFetching, isPlaceholderData } = useSearchResults(settledTerm, { count: RESULTS_PER_TYPE });
  const results = searchable ? (data ?? []) : [];
  const sections = SEARCH_RESULT_TYPES.map((type) => ({
    type,
    links: results
      .filter((result) => result.type === type)
      .flatMap((result: SearchResult) => {
        const path = searchResultPath(result, held, roles);
        return path === undefined ? [] : [{ result, to: `/${path}` }];
      }),
  })).filter((section) => section.links.length > 0);
  const answered = searchable && data !== undefined && !isPlaceholderData;

  return (
    <Stack spacing={3}>
      <PageHeading title="Search" />
      <TextInput
        label="Search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        autoFocus
        type="search"
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon />
          </InputAdornment>
        }
        helperText={
          term.trim().length > 0 && term.trim().length < SEARCH_MIN_CHARS
            ? `Type at least ${SEARCH_MIN_CHARS} characters.`
            : 'Devices, contracts, orders, sites, teams, users and FAQs: by name, number or reference.'
        }
        sx={{ maxWidth: 640 }}
      />
      {isFetching && searchable ? <LinearProgress aria-label="Searching" /> : null}
      {answered && sections.length === 0 ? (
        <Typography role="status">Unable to find any results for {settledTerm.trim()}</Typography>
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
                    <ListItem key={`${result.type}-${result.id}`} disableGutters>
                      <Link component={RouterLink} to={to} sx={{ overflowWrap: 'anywhere' }}>
                        {result.name}
                      </Link>
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
