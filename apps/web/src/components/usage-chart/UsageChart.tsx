import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { UsageSeries } from '@portal/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { CHART_HEIGHT, ChartFrame, type ChartTable, chartQueryState } from './ChartFrame';
import { ChartLegend, ChartPatterns, FillSwatch, partialFill, patternPrefix, seriesFill } from './ChartPatterns';
import { seriesColour, useChartPalette } from './chart-palette';
import {
  axisWidth,
  type ChartMeasure,
  type DateGranularity,
  formatAxisDate,
  formatAxisTick,
  formatUsageValue,
  periodLabel,
  TO_DATE,
  toUsageChartData,
  type UsageChartData,
  type UsageUnit,
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
  /** What a table tab (session history, line history, authentication logs) shows; without it, that it is not available. */
  renderTable?: (key: UsageTabKey) => ReactNode;
};

export const NO_USAGE_TEXT = 'No usage yet.';

/** What a tab shows when this view has no data for it (a table tab where the view gives no table). */
export function notAvailableText(key: UsageTabKey): string {
  return `${USAGE_TAB_LABELS[key]} is not available yet.`;
}

/**
 * The usage chart of spec 2.8: a tab per key and one chart (300 px high) of the active tab's series. Only the active
 * tab's data is requested; switching tabs keeps what was loaded in the query cache, and a tab never shows another
 * tab's answer (its panel and query are its own). A tab with series in several units shows one unit at a time, picked
 * above the chart, against an axis titled with the unit (decision 0065).
 */
export function UsageChart(props: UsageChartProps) {
  const { keys, label } = props;
  const [chosen, setChosen] = useState<UsageTabKey | undefined>(keys[0]);
  const [unit, setUnit] = useState<UsageUnit | undefined>(undefined);
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
        {isTableTab(active) && props.renderTable ? (
          props.renderTable(active)
        ) : (
          <UsagePanel
            key={active}
            data={props}
            tab={active}
            label={single ? label : USAGE_TAB_LABELS[active]}
            choice={{ unit, onChange: setUnit }}
          />
        )}
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

interface MeasureChoice {
  /** The unit of the measure the user picked, kept across tabs (undefined: each tab's first). */
  unit: UsageUnit | undefined;
  onChange: (unit: UsageUnit) => void;
}

function UsagePanel({
  data,
  tab,
  label,
  choice,
}: { data: DataProps; tab: UsageTabKey; label: string } & {
  choice: MeasureChoice;
}) {
  const request = tabRequest(data, tab);
  const query = useQuery({
    queryKey: request?.queryKey ?? ['usage-chart', 'nothing', tab],
    queryFn: ({ signal }) => (request ? request.fetch(signal) : Promise.resolve({ value: [] })),
    select: (list: UsageSeriesList) => list.value,
    enabled: request !== undefined,
  });
  const series = query.data;
  // Months for the monthly tab, days for the others, unless the dates themselves say otherwise.
  const chart = useMemo(
    () => (series ? toUsageChartData(series, tab === 'monthly' ? 'month' : 'day') : undefined),
    [series, tab],
  );

  useEffect(() => {
    // The reason goes to the console; the chart itself says it failed and offers a retry.
    if (query.error) console.error(`Unable to load ${label}`, query.error);
  }, [query.error, label]);

  if (request === undefined) return <ChartFrame label={label} loading={false} emptyText={notAvailableText(tab)} />;
  const { loading, failed } = chartQueryState(query);
  const empty = chart !== undefined && (chart.dates.length === 0 || chart.lines.length === 0);
  const shown = chart && !empty ? chart : undefined;
  const measure = shown?.measures.find((one) => one.unit === choice.unit) ?? shown?.measures[0];
  return (
    <>
      {shown && measure && shown.measures.length > 1 ? (
        <MeasurePicker chart={shown} measure={measure} label={label} onChange={choice.onChange} />
      ) : null}
      <ChartFrame
        label={label}
        loading={loading}
        failed={failed}
        emptyText={empty ? NO_USAGE_TEXT : undefined}
        table={shown ? usageTable(shown, label) : undefined}
      >
        {shown && measure ? <MeasureChart chart={shown} measure={measure} /> : undefined}
      </ChartFrame>
    </>
  );
}

/** One measure at a time (decision 0065): each is drawn against its own titled axis, none on a hidden scale. */
function MeasurePicker({
  chart,
  measure,
  label,
  onChange,
}: {
  chart: UsageChartData;
  measure: ChartMeasure;
  label: string;
  onChange: (unit: UsageUnit) => void;
}) {
  return (
    <ToggleButtonGroup
      value={measure.unit}
      exclusive
      size="small"
      onChange={(_event, unit: UsageUnit | null) => {
        if (unit !== null) onChange(unit);
      }}
      aria-label={`${label}: figure shown`}
      sx={{ mb: 1, flexWrap: 'wrap' }}
    >
      {chart.measures.map((one) => (
        <ToggleButton key={one.unit} value={one.unit} sx={{ textTransform: 'none', px: 1.5 }}>
          {one.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
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
        periodLabel(chart, index),
        ...chart.lines.map((line) => {
          const value = line.data[index];
          return value === null || value === undefined ? '' : formatUsageValue(value, line.unit);
        }),
      ],
    })),
  };
}

/** Says which period is still running, beside a sample of its fill. */
export function runningPeriodNote(chart: UsageChartData): string | undefined {
  if (chart.runningIndex < 0) return undefined;
  const period = formatAxisDate(chart.dates[chart.runningIndex] ?? '', chart.granularity);
  const what = chart.granularity === 'month' ? 'this month so far' : 'today so far';
  return `${period} ${TO_DATE} is ${what}: its figures grow until it ends.`;
}

function MeasureChart({ chart, measure }: { chart: UsageChartData; measure: ChartMeasure }) {
  const palette = useChartPalette();
  const prefix = patternPrefix(useId());
  const colours = measure.lines.map((_line, index) => seriesColour(palette, index));
  const note = runningPeriodNote(chart);
  const tickLabels = (measure.ticks ?? []).map((tick) => formatAxisTick(tick, measure.unit, measure.base));
  const xAxis = [
    {
      scaleType: measure.kind === 'bar' ? ('band' as const) : ('point' as const),
      data: chart.dates.map((_date, index) => index),
      valueFormatter: (index: number, context: { location: string }) =>
        context.location === 'tick' && index === chart.runningIndex
          ? `${formatAxisDate(chart.dates[index] ?? '', chart.granularity)}\n${TO_DATE}`
          : periodLabel(chart, index),
    },
  ];
  const yAxis = [
    {
      label: measure.axisTitle,
      width: measure.ticks ? axisWidth(tickLabels) : ('auto' as const),
      valueFormatter: (value: number) => formatAxisTick(value, measure.unit, measure.base),
      ...(measure.min === undefined ? {} : { min: measure.min }),
      ...(measure.max === undefined ? {} : { max: measure.max }),
      ...(measure.ticks ? { tickInterval: measure.ticks } : {}),
    },
  ];
  const valueFormatter = (value: number | null) => (value === null ? '' : formatUsageValue(value, measure.unit));
  const several = measure.lines.length > 1;
  const seriesBase = (line: (typeof measure.lines)[number], index: number) => ({
    id: line.id,
    label: line.label,
    data: line.data,
    color: colours[index] ?? '',
    valueFormatter,
  });
  return (
    <>
      {several ? (
        <ChartLegend
          prefix={prefix}
          label={`${measure.label}: series`}
          items={measure.lines.map((line, index) => ({ label: line.label, colour: colours[index] ?? '', index }))}
        />
      ) : null}
      {measure.kind === 'bar' ? (
        <BarChart
          height={CHART_HEIGHT}
          xAxis={xAxis}
          yAxis={yAxis}
          series={measure.lines.map((line, index) => ({
            ...seriesBase(line, index),
            // The running period is pale and striped; a later series is patterned as well as coloured.
            colorGetter: ({ dataIndex }: { dataIndex: number }) =>
              dataIndex === chart.runningIndex
                ? partialFill(prefix, index)
                : seriesFill(prefix, index, colours[index] ?? ''),
          }))}
          hideLegend
          grid={{ horizontal: true }}
        >
          <ChartPatterns prefix={prefix} colours={colours} />
        </BarChart>
      ) : (
        <LineChart
          height={CHART_HEIGHT}
          xAxis={xAxis}
          yAxis={yAxis}
          series={measure.lines.map((line, index) => ({
            ...seriesBase(line, index),
            // Straight segments between the measured points: a curve would invent values between them.
            curve: 'linear' as const,
            shape: MARK_SHAPES[index % MARK_SHAPES.length] ?? 'circle',
            showMark: true,
          }))}
          hideLegend
          grid={{ horizontal: true }}
        />
      )}
      {note ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }}>
          <FillSwatch prefix={`${prefix}-note`} index={0} colour={colours[0] ?? ''} partial />
          <Typography variant="caption" component="p" color="text.secondary">
            {note}
          </Typography>
        </Box>
      ) : null}
    </>
  );
}

/** Lines of one chart differ by their marks as well as their colour. */
const MARK_SHAPES = ['circle', 'square', 'diamond', 'triangle', 'cross', 'star', 'wye'] as const;
