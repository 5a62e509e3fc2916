import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { BarChart, barClasses } from '@mui/x-charts/BarChart';
import type { InvoiceChartPoint } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CHART_HEIGHT, ChartFrame, type ChartTable } from '../../components/usage-chart/ChartFrame';
import { formatUsageValue, type UsageUnit, unitTicks } from '../../components/usage-chart/usage-series';
import { formatMonth } from '../../lib/format';
import { type InvoiceChartKind, invoiceChartQuery } from './invoice-queries';

const INVOICE_CHART_SERIES: Record<InvoiceChartKind, string> = {
  cost: 'Cost',
  duration: 'Duration',
  calls: 'Calls',
};

const UNITS: Record<InvoiceChartKind, UsageUnit> = { cost: 'money', duration: 'duration', calls: 'count' };

/** A bill's figure: `axis` is the short form of tick labels (durations keep only their largest unit, spec 9). */
function formatInvoiceValue(kind: InvoiceChartKind, value: number, where: 'axis' | 'full' = 'full'): string {
  return formatUsageValue(value, UNITS[kind], where);
}

export const BAR_CLICK_HINT = 'Select a bar to download that bill.';

export interface InvoiceChartProps {
  kind: InvoiceChartKind;
  /** The figure's accessible name. */
  label: string;
  /** Makes the bars clickable; the chart shows a progress bar and ignores clicks until the promise settles. */
  onBarClick?: ((point: InvoiceChartPoint) => Promise<void>) | undefined;
}

/**
 * One bar per bill, oldest first, from the invoices' cost, duration or calls chart call. Spec 2.8: 300 px high and
 * 32 px narrower than its container.
 */
export function InvoiceChart({ kind, label, onBarClick }: InvoiceChartProps) {
  const query = useQuery(invoiceChartQuery(kind));
  const [busy, setBusy] = useState(false);
  const points = query.data;

  useEffect(() => {
    // Spec 8: a failed load only ends the loading indicator on screen; the reason goes to the console.
    if (query.error) console.error(`Unable to load the ${kind} chart`, query.error);
  }, [query.error, kind]);

  async function clickBar(dataIndex: number): Promise<void> {
    const point = points?.[dataIndex];
    if (!onBarClick || !point || busy) return;
    setBusy(true);
    try {
      await onBarClick(point);
    } finally {
      setBusy(false);
    }
  }

  const hasBars = points !== undefined && points.length > 0;
  return (
    <Box sx={{ minWidth: 0 }}>
      {onBarClick && hasBars ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
          {BAR_CLICK_HINT}
        </Typography>
      ) : null}
      <Box sx={{ height: 4 }}>{busy ? <LinearProgress aria-label="Downloading the bill" /> : null}</Box>
      <ChartFrame
        label={label}
        loading={query.isPending && query.fetchStatus !== 'idle'}
        emptyText={points?.length === 0 ? 'No bills yet.' : undefined}
        table={hasBars ? invoiceTable(kind, points, label) : undefined}
        sx={{ width: 'calc(100% - 32px)', mx: 'auto' }}
      >
        {hasBars ? (
          <BarChart
            height={CHART_HEIGHT}
            // Bars are keyed by position: two bills on one date must stay two bars.
            xAxis={[
              {
                scaleType: 'band',
                data: points.map((_point, index) => index),
                valueFormatter: (index: number) => formatMonth(points[index]?.name ?? ''),
              },
            ]}
            yAxis={[
              {
                width: 'auto',
                valueFormatter: (value: number) => formatInvoiceValue(kind, value, 'axis'),
                ...wholeUnitTicks(kind, points),
              },
            ]}
            series={[
              {
                label: INVOICE_CHART_SERIES[kind],
                data: points.map((point) => point.value),
                valueFormatter: (value: number | null) => (value === null ? '' : formatInvoiceValue(kind, value)),
              },
            ]}
            hideLegend
            grid={{ horizontal: true }}
            {...(onBarClick
              ? {
                  onItemClick: (_event: unknown, item: { dataIndex: number }) => void clickBar(item.dataIndex),
                  sx: { [`& .${barClasses.element}`]: { cursor: busy ? 'progress' : 'pointer' } },
                }
              : {})}
          />
        ) : undefined}
      </ChartFrame>
    </Box>
  );
}

/** Durations tick in whole days or hours (see unitTicks); the other charts' decimal ticks are already round. */
function wholeUnitTicks(kind: InvoiceChartKind, points: readonly InvoiceChartPoint[]) {
  const values = points.map((point) => point.value);
  const ticks = unitTicks(UNITS[kind], Math.min(...values), Math.max(...values));
  return ticks ? { tickInterval: ticks, min: 0, max: ticks.at(-1) } : {};
}

function invoiceTable(kind: InvoiceChartKind, points: readonly InvoiceChartPoint[], caption: string): ChartTable {
  return {
    caption,
    headers: ['Bill month', INVOICE_CHART_SERIES[kind]],
    rows: points.map((point, index) => ({
      key: `${index}-${point.name}`,
      cells: [formatMonth(point.name), formatInvoiceValue(kind, point.value)],
    })),
  };
}
