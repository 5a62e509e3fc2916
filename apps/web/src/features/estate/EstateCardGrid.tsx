import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ESTATE_CARD_PAGE_SIZE, ODATA_COUNT_KEY, operationPath, type SiteListItem } from '@portal/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { operationRequest } from '../../api/operations';
import { apiQueryKey } from '../../api/query-cache';
import { LoadFailed } from '../../components/LoadFailed';
import { formatNumber } from '../../lib/format';
import { useHasSeveralCompanies } from '../../session/useHasSeveralCompanies';
import { countedNoun } from '../dashboard/count-text';
import { ESTATE_GROUPS, type EstateGroupKind, LINE_KINDS } from './estate-groups';
import { lineCountQuery } from './estate-queries';

const CARD_SIZE = { xs: 12, sm: 6, md: 4 } as const;
/** A placeholder card per card of the first page. */
const SKELETON_SLOTS = Array.from({ length: ESTATE_CARD_PAGE_SIZE }, (_, slot) => `slot-${slot}`);

/** The grid's pages of cards: 6 sites or teams, then 6 more at each LOAD MORE..., by name. */
function useGroupPages(kind: EstateGroupKind, severalCompanies: boolean) {
  const { list } = ESTATE_GROUPS[kind];
  const $select = severalCompanies ? 'id,name,companyName' : 'id,name';
  const path = operationPath(list, { query: { $select, $orderby: 'name asc' } });
  return useInfiniteQuery({
    queryKey: apiQueryKey(path, 'cards'),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      operationRequest(list, {
        query: {
          $select,
          $orderby: 'name asc',
          $count: 'true',
          $top: String(ESTATE_CARD_PAGE_SIZE),
          $skip: String(pageParam),
        },
      }).fetch(signal),
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.value.length, 0);
      return last.value.length === 0 || shown >= (last[ODATA_COUNT_KEY] ?? 0) ? undefined : shown;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * The Sites or Teams grid of the mobile or broadband estate (spec 2.12): a card per site or team with its device or
 * contract count and a VIEW button to its page, 6 at first and 6 more at each LOAD MORE..., under a
 * '1 - {shown} of {total}' counter (decisions 0082, 0094). Loading, empty and failed are each said as such.
 */
export function EstateCardGrid({ kind, viewable = true }: { kind: EstateGroupKind; viewable?: boolean }) {
  const group = ESTATE_GROUPS[kind];
  const headingId = useId();
  const severalCompanies = useHasSeveralCompanies();
  const query = useGroupPages(kind, severalCompanies);
  const groups = query.data?.pages.flatMap((page) => page.value) ?? [];
  const total = query.data?.pages.at(-1)?.[ODATA_COUNT_KEY] ?? groups.length;
  const firstNewCard = useRef<HTMLAnchorElement>(null);
  const focusFrom = useRef<number | undefined>(undefined);

  // After LOAD MORE..., keyboard focus moves to the first new card rather than staying on a button that may vanish.
  useEffect(() => {
    if (focusFrom.current !== undefined && groups.length > focusFrom.current) {
      focusFrom.current = undefined;
      firstNewCard.current?.focus();
    }
  }, [groups.length]);

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h5" component="h2">
          {group.plural}
        </Typography>
        {groups.length > 0 ? (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            1 - {formatNumber(groups.length, '1.0-0')} of {formatNumber(total, '1.0-0')}
          </Typography>
        ) : null}
      </Stack>
      {query.isPending ? (
        <Grid
          container
          spacing={{ xs: 1.5, sm: 2 }}
          aria-busy="true"
          aria-label={`Loading ${group.plural.toLowerCase()}`}
        >
          {SKELETON_SLOTS.map((slot) => (
            <Grid key={slot} size={CARD_SIZE}>
              <Skeleton variant="rounded" sx={{ height: { xs: 72, sm: 118 } }} />
            </Grid>
          ))}
        </Grid>
      ) : groups.length === 0 && query.isError ? (
        <LoadFailed
          text={`We couldn't load your ${group.plural.toLowerCase()}`}
          retryLabel={`Retry ${group.plural}`}
          onRetry={() => void query.refetch()}
        />
      ) : groups.length === 0 ? (
        <Typography color="text.secondary">There are no {group.plural.toLowerCase()} in your estate.</Typography>
      ) : (
        <>
          <Grid container spacing={{ xs: 1.5, sm: 2 }} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {groups.map((item, index) => (
              <Grid key={item.id} size={CARD_SIZE} component="li">
                <GroupCard
                  kind={kind}
                  item={item}
                  severalCompanies={severalCompanies}
                  viewable={viewable}
                  viewRef={index === focusFrom.current ? firstNewCard : undefined}
                />
              </Grid>
            ))}
          </Grid>
          {query.isFetchNextPageError ? (
            <LoadFailed
              text={`We couldn't load more ${group.plural.toLowerCase()}`}
              retryLabel={`Retry more ${group.plural}`}
              onRetry={() => void query.fetchNextPage()}
            />
          ) : query.hasNextPage ? (
            <div>
              <Link
                component="button"
                variant="body2"
                disabled={query.isFetchingNextPage}
                aria-label={`Load more ${group.plural.toLowerCase()}`}
                // A text link's line is 20 px; WCAG 2.2 asks for 24 px targets (decision 0141).
                sx={{ minHeight: 24, minWidth: 24 }}
                onClick={() => {
                  focusFrom.current = groups.length;
                  void query.fetchNextPage();
                }}
              >
                {query.isFetchingNextPage ? 'LOADING...' : 'LOAD MORE...'}
              </Link>
            </div>
          ) : null}
        </>
      )}
    </Stack>
  );
}

function GroupCard({
  kind,
  item,
  severalCompanies,
  viewable,
  viewRef,
}: {
  kind: EstateGroupKind;
  item: SiteListItem;
  severalCompanies: boolean;
  /** Whether the caller may open the site's page: without, the card has no VIEW (spec 2.12). */
  viewable: boolean;
  viewRef: React.Ref<HTMLAnchorElement> | undefined;
}) {
  const group = ESTATE_GROUPS[kind];
  const id = item.id ?? 0;
  const name = item.name ?? '';
  const { countNoun, lines } = LINE_KINDS[group.lineKind];
  const count = useQuery(lineCountQuery(kind, id));
  return (
    // On a phone a card is one line high: the figures at the left, VIEW at the right.
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: { xs: 'row', sm: 'column' },
        alignItems: { xs: 'center', sm: 'stretch' },
      }}
    >
      <CardContent
        sx={{ flexGrow: 1, minWidth: 0, py: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 1 } } }}
      >
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere', fontSize: '1.1rem' }}>
          {name}
        </Typography>
        {severalCompanies && item.companyName ? (
          <Typography variant="body2" color="text.secondary">
            {item.companyName}
          </Typography>
        ) : null}
        {count.isError ? (
          <LoadFailed
            text={`Couldn't count the ${lines.toLowerCase()}`}
            retryLabel={`Retry the ${countNoun.toLowerCase()} count of ${name}`}
            onRetry={() => void count.refetch()}
          />
        ) : (
          <Typography variant="body1" sx={{ mt: { xs: 0, sm: 0.5 } }}>
            {countedNoun(count.data, countNoun)}
          </Typography>
        )}
      </CardContent>
      {viewable ? (
        <CardActions sx={{ pt: { xs: 1, sm: 0 }, flexShrink: 0 }}>
          <Button
            component={RouterLink}
            to={group.path(id)}
            ref={viewRef}
            size="small"
            aria-label={`View ${group.noun} ${name}`}
          >
            View
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
