import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { BarChart, barClasses } from '@mui/x-charts/BarChart';
import type { InvoiceChartPoint } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { CHART_HEIGHT, ChartFrame, type ChartTable, chartQueryState } from '../../components/usage-chart/ChartFrame';
import { ChartLegend, ChartPatterns, patternPrefix, seriesFill } from '../../components/usage-chart/ChartPatterns';
import { seriesColour, useChartPalette } from '../../components/usage-chart/chart-palette';
import {
  axisBase,
  axisTitle,
  axisWidth,
  formatAxisTick,
  formatUsageValue,
  type UsageUnit,
  unitTicks,
} from '../../components/usage-chart/usage-series';
import { formatMonth } from '../../lib/format';
import {
  billsOfMonth,
  companyValues,
  type InvoiceChartData,
  monthTotals,
  toInvoiceChartData,
} from './invoice-chart-data';
import { type InvoiceChartKind, invoiceChartQuery } from './invoice-queries';

const INVOICE_CHART_SERIES: Record<InvoiceChartKind, string> = {
  cost: 'Cost',
  duration: 'Duration',
  calls: 'Calls',
};

const UNITS: Record<InvoiceChartKind, UsageUnit> = { cost: 'money', duration: 'duration', calls: 'count' };

export const NO_BILLS_TEXT = 'No bills yet.';
export const BAR_CLICK_HINT = 'Select a bar to download that bill.';
/** With several companies a bar stands for several bills: a click offers each. */
export const BAR_MENU_HINT = "Select a bar to choose which company's bill to download.";

function formatInvoiceValue(kind: InvoiceChartKind, value: number): string {
  return formatUsageValue(value, UNITS[kind]);
}

/** Where a bar was clicked, to open its menu of bills there. */
type ClickPoint = { clientX: number; clientY: number };

export interface InvoiceChartProps {
  kind: InvoiceChartKind;
  /** The figure's accessible name. */
  label: string;
  /** Makes the bars clickable; the chart shows a progress bar and ignores clicks until the promise settles. */
  onBarClick?: ((point: InvoiceChartPoint) => Promise<void>) | undefined;
}

/**
 * A bar per bill month, oldest first, from the invoices' cost, duration or calls chart call. A caller with several
 * companies sees each month's bar in a segment per company, named in a legend, and a click on it offers each
 * company's bill (decision 0065). Spec 2.8: 300 px high and 32 px narrower than its container.
 */
export function InvoiceChart({ kind, label, onBarClick }: InvoiceChartProps) {
  const query = useQuery(invoiceChartQuery(kind));
  const [busy, setBusy] = useState(false);
  const [menu, setMenu] = useState<{ top: number; left: number; month: number } | undefined>(undefined);
  const points = query.data;
  const chart = useMemo(() => (points ? toInvoiceChartData(points) : undefined), [points]);

  useEffect(() => {
    // The reason goes to the console; the chart itself says it failed and offers a retry.
    if (query.error) console.error(`Unable to load the ${kind} chart`, query.error);
  }, [query.error, kind]);

  async function download(point: InvoiceChartPoint): Promise<void> {
    if (!onBarClick || busy) return;
    setMenu(undefined);
    setBusy(true);
    try {
      await onBarClick(point);
    } finally {
      setBusy(false);
    }
  }

  function clickBar(event: ClickPoint, month: number): void {
    if (!chart || busy) return;
    const bills = billsOfMonth(chart, month);
    if (bills.length === 1 && bills[0]) void download(bills[0]);
    else if (bills.length > 1) setMenu({ top: event.clientY, left: event.clientX, month });
  }

  const { loading, failed } = chartQueryState(query);
  const shown = chart && chart.months.length > 0 ? chart : undefined;
  const several = (shown?.companies.length ?? 0) > 1;
  const menuMonth = menu && shown ? formatMonth(`${shown.months[menu.month]}-01`) : '';
  return (
    <Box sx={{ minWidth: 0 }}>
      {onBarClick && shown ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
          {several ? BAR_MENU_HINT : BAR_CLICK_HINT}
        </Typography>
      ) : null}
      <Box sx={{ height: 4 }}>{busy ? <LinearProgress aria-label="Downloading the bill" /> : null}</Box>
      <ChartFrame
        label={label}
        loading={loading}
        failed={failed}
        emptyText={chart?.months.length === 0 ? NO_BILLS_TEXT : undefined}
        table={shown ? invoiceTable(kind, shown, label) : undefined}
        sx={{ width: 'calc(100% - 32px)', mx: 'auto' }}
      >
        {shown ? (
          <InvoiceBars kind={kind} label={label} chart={shown} busy={busy} onBarClick={onBarClick && clickBar} />
        ) : undefined}
      </ChartFrame>
      {shown && menu ? (
        <Menu
          open
          onClose={() => setMenu(undefined)}
          anchorReference="anchorPosition"
          anchorPosition={{ top: menu.top, left: menu.left }}
          slotProps={{
            list: { 'aria-label': `Bills of ${menuMonth}` },
            paper: { sx: { maxWidth: 'calc(100vw - 32px)' } },
          }}
        >
          <ListSubheader sx={{ lineHeight: 2.5 }}>{`Download a bill of ${menuMonth}`}</ListSubheader>
          {billsOfMonth(shown, menu.month).map((bill) => (
            <MenuItem key={`${bill.companyId}-${bill.pdfFileName}`} onClick={() => void download(bill)}>
              <ListItemText
                primary={bill.companyName}
                secondary={formatInvoiceValue(kind, bill.value)}
                slotProps={{ primary: { sx: { whiteSpace: 'normal' } } }}
              />
            </MenuItem>
          ))}
        </Menu>
      ) : null}
    </Box>
  );
}

function InvoiceBars({
  kind,
  label,
  chart,
  busy,
  onBarClick,
}: {
  kind: InvoiceChartKind;
  label: string;
  chart: InvoiceChartData;
  busy: boolean;
  onBarClick: ((event: ClickPoint, month: number) => void) | undefined;
}) {
  const palette = useChartPalette();
  const prefix = patternPrefix(useId());
  const unit = UNITS[kind];
  const colours = chart.companies.map((_company, index) => seriesColour(palette, index));
  const several = chart.companies.length > 1;
  const totals = monthTotals(chart);
  const ticks = unitTicks(unit, Math.min(0, ...totals), Math.max(0, ...totals));
  const base = axisBase(unit, ticks?.at(-1) ?? Math.max(0, ...totals));
  const tickLabels = (ticks ?? []).map((tick) => formatAxisTick(tick, unit, base));
  return (
    <>
      {several ? (
        <ChartLegend
          prefix={prefix}
          label={`${label}: companies`}
          items={chart.companies.map((company, index) => ({
            label: company.name,
            colour: colours[index] ?? '',
            index,
          }))}
        />
      ) : null}
      <BarChart
        height={CHART_HEIGHT}
        xAxis={[
          {
            scaleType: 'band',
            data: chart.months.map((_month, index) => index),
            valueFormatter: (index: number) => formatMonth(`${chart.months[index]}-01`),
          },
        ]}
        yAxis={[
          {
            label: axisTitle(INVOICE_CHART_SERIES[kind], unit, base),
            width: ticks ? axisWidth(tickLabels) : 'auto',
            valueFormatter: (value: number) => formatAxisTick(value, unit, base),
            ...(ticks ? { tickInterval: ticks, min: 0, max: ticks.at(-1) } : {}),
          },
        ]}
        series={chart.companies.map((company, index) => ({
          id: `company-${company.id}`,
          label: several ? company.name : INVOICE_CHART_SERIES[kind],
          data: companyValues(chart, index),
          color: colours[index] ?? '',
          colorGetter: () => seriesFill(prefix, index, colours[index] ?? ''),
          ...(several ? { stack: 'bills' } : {}),
          valueFormatter: (value: number | null) => (value === null ? '' : formatInvoiceValue(kind, value)),
        }))}
        hideLegend
        grid={{ horizontal: true }}
        {...(onBarClick
          ? {
              onItemClick: (event: ClickPoint, item: { dataIndex: number }) => onBarClick(event, item.dataIndex),
              sx: { [`& .${barClasses.element}`]: { cursor: busy ? 'progress' : 'pointer' } },
            }
          : {})}
      >
        <ChartPatterns prefix={prefix} colours={colours} />
      </BarChart>
    </>
  );
}

function invoiceTable(kind: InvoiceChartKind, chart: InvoiceChartData, caption: string): ChartTable {
  const several = chart.companies.length > 1;
  return {
    caption,
    headers: [
      'Bill month',
      ...(several ? chart.companies.map((company) => company.name) : [INVOICE_CHART_SERIES[kind]]),
    ],
    rows: chart.months.map((month, index) => ({
      key: month,
      cells: [
        formatMonth(`${month}-01`),
        ...(chart.bills[index] ?? []).map((bill) => (bill ? formatInvoiceValue(kind, bill.value) : '')),
      ],
    })),
  };
}
