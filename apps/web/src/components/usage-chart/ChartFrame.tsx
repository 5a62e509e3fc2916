import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadFailed } from '../LoadFailed';
import { VISUALLY_HIDDEN } from '../visually-hidden';

/** Spec 2.8: every chart is 300 px high. */
export const CHART_HEIGHT = 300;

/** What a chart whose data failed to load says (decision 0067), beside a Retry button. */
export const CHART_FAILED_TEXT = "We couldn't load this chart.";

/** The loading and failed states of a chart's query, told apart (a retry shows the loading indicator again). */
export function chartQueryState(query: {
  data: unknown;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}): { loading: boolean; failed: { onRetry: () => void } | undefined } {
  const fetching = query.fetchStatus === 'fetching';
  return {
    loading: query.data === undefined && fetching,
    failed: query.isError && !fetching ? { onRetry: () => void query.refetch() } : undefined,
  };
}

/** A chart's figures as a table only screen readers see: the drawing itself says nothing to them. */
export interface ChartTable {
  caption: string;
  headers: readonly string[];
  /** `key` identifies the row (e.g. its ISO date); `cells` start with the row's heading. */
  rows: ReadonlyArray<{ key: string; cells: readonly string[] }>;
}

export interface ChartFrameProps {
  /** The figure's accessible name. */
  label: string;
  loading: boolean;
  /** Set when the load failed: the chart says so and offers a retry. */
  failed?: { onRetry: () => void } | undefined;
  /** Shown instead of the chart when it loaded but has nothing to draw. */
  emptyText?: string | undefined;
  table?: ChartTable | undefined;
  /** The chart; left out while loading and when empty. */
  children?: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * The box every chart sits in: a named figure of the chart's height showing its loading indicator, its failure with
 * a Retry, its empty text or the chart, and the hidden data table. Spec 8 has a failed chart only stop its loading
 * indicator; that reads as "nothing to show", so the failure is said instead (decision 0067).
 */
export function ChartFrame({ label, loading, failed, emptyText, table, children, sx }: ChartFrameProps) {
  const centred = { minHeight: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' };
  return (
    <Box
      component="figure"
      aria-label={label}
      aria-busy={loading}
      sx={[{ m: 0, minWidth: 0, position: 'relative' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {loading ? (
        <Box sx={centred}>
          <CircularProgress aria-label={`Loading ${label}`} />
        </Box>
      ) : failed ? (
        <Box sx={centred}>
          <LoadFailed stacked text={CHART_FAILED_TEXT} onRetry={failed.onRetry} retryLabel={`Retry ${label}`} />
        </Box>
      ) : emptyText !== undefined ? (
        <Box sx={centred}>
          <Typography color="text.secondary">{emptyText}</Typography>
        </Box>
      ) : children === undefined ? (
        <Box sx={{ minHeight: CHART_HEIGHT }} />
      ) : (
        children
      )}
      {table && !loading && !failed && table.rows.length > 0 ? <HiddenTable table={table} /> : null}
    </Box>
  );
}

function HiddenTable({ table }: { table: ChartTable }) {
  // The hiding goes on a wrapper: a table grows to fit its cells whatever width it is given, and would widen the page.
  return (
    <Box sx={VISUALLY_HIDDEN}>
      <table>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={table.headers[index]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={table.headers[index]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
