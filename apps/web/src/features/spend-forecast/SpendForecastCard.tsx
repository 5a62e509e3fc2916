import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SpendForecast, SpendForecastCompany } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { formatDate, formatMoney } from '../../lib/format';
import { type SpendForecastSource, spendForecastQuery } from './spend-forecast-queries';

export const SPEND_FORECAST_TITLE = 'Spend this month';
export const NO_USAGE_YET = 'No usage this month yet';

/**
 * "Spend this month" (docs/decisions/0215): the bill month's usage so far and its forecast to the bill, per company,
 * each named, with the method in words. `lines` says which lines the figure adds up ("all lines", "mobile devices
 * of this site"), beside the company whose figure it is.
 */
export function SpendForecastCard({ source, lines }: { source: SpendForecastSource; lines: string }) {
  const titleId = useId();
  const query = useQuery(spendForecastQuery(source));
  const failed = query.isError && !query.isFetching;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%', minWidth: 0 }}>
      <CardHeader
        title={SPEND_FORECAST_TITLE}
        subheader={query.data ? periodText(query.data) : undefined}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {query.isSuccess ? (
          <Figures forecast={query.data} lines={lines} />
        ) : failed ? (
          <LoadFailed
            text="We couldn't load this month's spend"
            onRetry={() => void query.refetch()}
            retryLabel={`Retry ${SPEND_FORECAST_TITLE}`}
          />
        ) : (
          <Stack spacing={1} aria-busy="true" aria-label={`Loading ${SPEND_FORECAST_TITLE}`} role="status">
            <Skeleton width="50%" />
            <Skeleton variant="rounded" height={48} />
            <Skeleton width="90%" />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** The period, its bill date and the currency: "Bill month 01/11/2026 to 30/11/2026, billed 05/12/2026. …" */
function periodText(forecast: SpendForecast) {
  return `Bill month ${formatDate(forecast.periodStart)} to ${formatDate(forecast.periodEnd)}, billed ${formatDate(
    forecast.billDate,
  )}. GBP, excluding VAT.`;
}

function Figures({ forecast, lines }: { forecast: SpendForecast; lines: string }) {
  if (forecast.companies.length === 0) {
    return <Typography>{NO_USAGE_YET}</Typography>;
  }
  return (
    <Stack spacing={2} divider={<Box component="hr" sx={{ border: 0, borderTop: 1, borderColor: 'divider', m: 0 }} />}>
      {forecast.companies.map((company) => (
        <CompanyFigures key={company.companyId} company={company} forecast={forecast} lines={lines} />
      ))}
    </Stack>
  );
}

function CompanyFigures({
  company,
  forecast,
  lines,
}: {
  company: SpendForecastCompany;
  forecast: SpendForecast;
  lines: string;
}) {
  const whose = company.covers === 'whole' ? lines : `${lines}, those you can see`;
  return (
    <Stack spacing={1} data-testid="spend-forecast-company">
      <Typography variant="subtitle2" component="h3">
        {company.companyName}
        <Typography component="span" variant="body2" color="text.secondary">
          {` · ${whose}`}
        </Typography>
      </Typography>
      {company.hasUsage ? (
        <>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', fontVariantNumeric: 'tabular-nums' }}>
            <Amount label={`Month to date (to ${formatDate(forecast.figuresTo)})`} value={company.monthToDate} />
            <Amount label={`Forecast to ${formatDate(forecast.periodEnd)}`} value={company.forecast ?? 0} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {company.method}
          </Typography>
        </>
      ) : (
        <Typography>{NO_USAGE_YET}</Typography>
      )}
    </Stack>
  );
}

/** A labelled figure; a value, not a heading. */
function Amount({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600, fontSize: { xs: '1.375rem', md: '1.5rem' } }}>
        {formatMoney(value)}
      </Typography>
    </Box>
  );
}
