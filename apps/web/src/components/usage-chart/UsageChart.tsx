import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { UsageSeries } from '@portal/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { CHART_HEIGHT, ChartFrame, type ChartTable } from './ChartFrame';
import {
  type DateGranularity,
  formatAxisDate,
  formatUsageValue,
  toUsageChartData,
  type UsageChartData,
} from './usage-series';
import { isTableTab, USAGE_TAB_LABELS, type UsageSource, type UsageTabKey, usageRequest } from './usage-tabs';

/** Loads one tab's series; for views whose data does not come from a {@link UsageSource} call. */
export type UsageLoader = (key: UsageTabKey, signal: AbortSignal) => Promise<UsageSeries[]>;

type DataProps =
  | { source: UsageSource; load?: never; cacheKey?: never }
  /** `cacheKey` names the loader's data in the query cache (with the tab key). */
  | { load: UsageLoader; cacheKey: string; source?: never };

export type UsageChartProps = DataProps & {
  /** The tabs to offer, in the spec's order; one key shows no tab strip. */
  keys: readonly UsageTabKey[];
  /** Names the tab list, and the chart when there is a single tab. */
  label: string;
};

export const NO_USAGE_TEXT = 'No usage to show.';

/** What a tab shows when this view has no data for it yet (the broadband tables arrive with diagnostics). */
export function notAvailableText(key: UsageTabKey): string {
  return `${USAGE_TAB_LABELS[key]} is not available yet.`;
}

/**
 * The usage chart of spec 2.8: a tab per key and one chart (300 px high) of the active tab's series. Only the active
 * tab's data is requested; switching tabs keeps what was loaded in the query cache. Series with `secondAxis` are
 * drawn against a right-hand axis.
 */
export function UsageChart(props: UsageChartProps) {
  const { keys, label } = props;
  const [chosen, setChosen] = useState<UsageTabKey | undefined>(keys[0]);
  const active = chosen !== undefined && keys.includes(chosen) ? chosen : keys[0];
  const id = useId();
  if (active === undefined) return null;
  const single = keys.length === 1;
  const tabId = (key: UsageTabKey) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  return (
    <Box sx={{ minWidth: 0 }}>
      {single ? null : (
        <Tabs
          value={active}
          onChange={(_event, key: UsageTabKey) => setChosen(key)}
          aria-label={label}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}
        >
          {keys.map((key) => (
            <Tab key={key} value={key} label={USAGE_TAB_LABELS[key]} id={tabId(key)} aria-controls={panelId} />
          ))}
        </Tabs>
      )}
      <Box
        {...(single ? {} : { role: 'tabpanel', id: panelId, 'aria-labelledby': tabId(active) })}
        sx={{ minWidth: 0 }}
      >
        <UsagePanel key={active} data={props} tab={active} label={single ? label : USAGE_TAB_LABELS[active]} />
      </Box>
    </Box>
  );
}

/** What the cache holds for a usage chart: the API's body. */
interface UsageSeriesList {
  value: UsageSeries[];
}

interface TabRequest {
  queryKey: QueryKey;
  fetch: (signal: AbortSignal) => Promise<UsageSeriesList>;
}

/** How to load one tab, or undefined when the view has nothing to load for it. */
function tabRequest(data: DataProps, key: UsageTabKey): TabRequest | undefined {
  if (isTableTab(key)) return undefined;
  if (data.load) {
    const load = data.load;
    return {
      queryKey: ['usage-chart', data.cacheKey, key],
      fetch: async (signal) => ({ value: await load(key, signal) }),
    };
  }
  // The same key as the router's preloading uses, so data it fetched is used here.
  return usageRequest(data.source, key);
}

function UsagePanel({ data, tab, label }: { data: DataProps; tab: UsageTabKey; label: string }) {
  const request = tabRequest(data, tab);
  const query = useQuery({
    queryKey: request?.queryKey ?? ['usage-chart', 'nothing', tab],
    queryFn: ({ signal }) => (request ? request.fetch(signal) : Promise.resolve({ value: [] })),
    select: (list: UsageSeriesList) => list.value,
    enabled: request !== undefined,
  });

  useEffect(() => {
    // Spec 8: a failed load only ends the loading indicator on screen; the reason goes to the console.
    if (query.error) console.error(`Unable to load ${label}`, query.error);
  }, [query.error, label]);

  if (request === undefined) return <ChartFrame label={label} loading={false} emptyText={notAvailableText(tab)} />;
  // Months for the monthly tab, days for the others, unless the dates themselves say otherwise.
  const chart = query.data ? toUsageChartData(query.data, tab === 'monthly' ? 'month' : 'day') : undefined;
  const empty = chart !== undefined && (chart.dates.length === 0 || chart.lines.length === 0);
  return (
    <ChartFrame
      label={label}
      loading={query.isPending && query.fetchStatus !== 'idle'}
      emptyText={empty ? NO_USAGE_TEXT : undefined}
      table={chart && !empty ? usageTable(chart, label) : undefined}
    >
      {chart && !empty ? <UsageLineChart chart={chart} /> : undefined}
    </ChartFrame>
  );
}

function dateHeader(granularity: DateGranularity): string {
  return granularity === 'month' ? 'Month' : 'Date';
}

function usageTable(chart: UsageChartData, caption: string): ChartTable {
  return {
    caption,
    headers: [dateHeader(chart.granularity), ...chart.lines.map((line) => line.label)],
    rows: chart.dates.map((date, index) => ({
      key: date,
      cells: [
        formatAxisDate(date, chart.granularity),
        ...chart.lines.map((line) => {
          const value = line.data[index];
          return value === null || value === undefined ? '' : formatUsageValue(value, line.unit);
        }),
      ],
    })),
  };
}

/** Names the series drawn without an axis of their own, so no one reads them against another series' ticks. */
export function ownScaleNote(chart: UsageChartData): string | undefined {
  const names = chart.axes.filter((axis) => axis.position === 'none').map((axis) => axis.label);
  if (names.length === 0) return undefined;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} drawn to ${names.length === 1 ? 'its' : 'their'} own scale; the tooltip shows the values.`;
}

function UsageLineChart({ chart }: { chart: UsageChartData }) {
  const note = ownScaleNote(chart);
  return (
    <>
      <LineChart
        height={CHART_HEIGHT}
        xAxis={[
          {
            scaleType: 'point',
            data: chart.dates,
            valueFormatter: (date: string) => formatAxisDate(date, chart.granularity),
          },
        ]}
        yAxis={chart.axes.map((axis) => ({
          id: axis.id,
          position: axis.position,
          ...(axis.position === 'none' ? {} : { width: 'auto' as const, label: axis.label }),
          valueFormatter: (value: number) => formatUsageValue(value, axis.unit, 'axis'),
          ...(axis.min === undefined ? {} : { min: axis.min }),
          ...(axis.max === undefined ? {} : { max: axis.max }),
          ...(axis.ticks ? { tickInterval: axis.ticks } : {}),
        }))}
        series={chart.lines.map((line) => ({
          id: line.id,
          label: line.label,
          data: line.data,
          yAxisId: line.axisId,
          valueFormatter: (value: number | null) => (value === null ? '' : formatUsageValue(value, line.unit)),
        }))}
        grid={{ horizontal: true }}
      />
      {note ? (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ px: 1 }}>
          {note}
        </Typography>
      ) : null}
    </>
  );
}
