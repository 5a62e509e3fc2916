import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { isNotFound } from '../../api/operations';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeading } from '../../components/PageHeading';
import { ChartCard } from '../../components/usage-chart/ChartCard';
import { UsageChart } from '../../components/usage-chart/UsageChart';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { SpendForecastCard } from '../spend-forecast/SpendForecastCard';
import { ESTATE_GROUPS, type EstateGroupKind, LINE_KINDS } from './estate-groups';
import { estateGroupQuery } from './estate-queries';
import { LinesTable } from './LinesTable';

const USAGE_KEYS = ['monthly', 'uninvoiced'] as const;

function useGroupId(kind: EstateGroupKind): number | undefined {
  const params = useParams();
  const text = params[ESTATE_GROUPS[kind].param];
  const id = Number(text);
  return text !== undefined && /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * A site's or team's mobile estate (spec 2.12, mobile/site/{id} and mobile/team/{id}): its name, its monthly and
 * uninvoiced usage, and its devices, inline editable with Write on the site or team estate; or a site's broadband
 * estate (broadband/site/{id}): its name and its contracts (decision 0094). A site or team the
 * caller cannot see (the API answers 404 alike for one that does not exist) says so and leads back to the estate.
 */
export function GroupEstatePage({ kind }: { kind: EstateGroupKind }) {
  const id = useGroupId(kind);
  const group = ESTATE_GROUPS[kind];
  const query = useQuery({
    ...estateGroupQuery(kind, id ?? 0),
    enabled: id !== undefined,
    // A 404 will not change on a second try.
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
  if (id === undefined || isNotFound(query.error)) {
    return <GroupNotFound kind={kind} />;
  }
  return (
    <Stack spacing={3}>
      {query.data?.name ? (
        <div>
          <Typography variant="overline" color="text.secondary">
            {group.pageTitle}
          </Typography>
          <PageHeading title={query.data.name} />
        </div>
      ) : (
        <PendingHeading title={group.pageTitle} failed={query.isError} onRetry={() => void query.refetch()} />
      )}
      {/* Drawn once the site or team is known to be the caller's, so a 404 never flashes failed charts first. */}
      {query.isPending ? null : <GroupContents kind={kind} id={id} name={query.data?.name} />}
    </Stack>
  );
}

function PendingHeading({ title, failed, onRetry }: { title: string; failed: boolean; onRetry: () => void }) {
  useDocumentTitle(title);
  return failed ? (
    <Stack spacing={1}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, fontSize: { xs: '1.6rem', md: '2rem' } }}>
        {title}
      </Typography>
      <LoadFailed text="We couldn't load its name" onRetry={onRetry} />
    </Stack>
  ) : (
    <Typography variant="h4" component="h1" aria-busy="true" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
      <Skeleton width="40%" aria-label={`Loading ${title}`} />
    </Typography>
  );
}

function GroupContents({ kind, id, name }: { kind: EstateGroupKind; id: number; name: string | undefined }) {
  const group = ESTATE_GROUPS[kind];
  const lineKind = LINE_KINDS[group.lineKind];
  const linesHeading = useId();
  const what = name ?? `this ${group.noun}`;
  return (
    <>
      {group.usage ? (
        <>
          <SpendForecastCard source={{ kind: group.usage, id }} lines={`mobile devices of this ${group.noun}`} />
          <ChartCard id={`${kind}-usage-title`} title="Usage">
            <UsageChart source={{ kind: group.usage, id }} keys={USAGE_KEYS} label={`Usage of ${what}`} />
          </ChartCard>
        </>
      ) : null}
      <Stack component="section" aria-labelledby={linesHeading} spacing={1.5}>
        <Typography id={linesHeading} variant="h5" component="h2">
          {lineKind.lines}
        </Typography>
        <LinesTable
          kind={group.lineKind}
          operation={group.lines}
          params={{ id }}
          writeCode={group.code}
          resource={`${group.lineKind}-${group.noun}-${lineKind.lines.toLowerCase()}`}
          ariaLabel={`${lineKind.lines} of ${what}`}
          emptyText={`There are no ${group.lineKind} ${lineKind.lines.toLowerCase()} in this ${group.noun}.`}
        />
      </Stack>
      <div>
        <Button component={RouterLink} to={lineKind.estatePath}>
          Back to {lineKind.estateTitle}
        </Button>
      </div>
    </>
  );
}

function GroupNotFound({ kind }: { kind: EstateGroupKind }) {
  const group = ESTATE_GROUPS[kind];
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <PageHeading title={`${group.singular} not found`} />
      <Typography>This {group.noun} does not exist or is not part of your estate.</Typography>
      <Button variant="contained" component={RouterLink} to={LINE_KINDS[group.lineKind].estatePath}>
        Back to {LINE_KINDS[group.lineKind].estateTitle}
      </Button>
    </Stack>
  );
}
