import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Spec 2.8: every chart is 300 px high. */
export const CHART_HEIGHT = 300;

const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

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
  /** Shown instead of the chart when it loaded but has nothing to draw. */
  emptyText?: string | undefined;
  table?: ChartTable | undefined;
  /** The chart; left out while loading and when empty. */
  children?: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * The box every chart sits in: a named figure of the chart's height with a loading indicator, an empty text and the
 * hidden data table. A failed load passes neither data nor emptyText, so it only ends the loading indicator (spec 8).
 */
export function ChartFrame({ label, loading, emptyText, table, children, sx }: ChartFrameProps) {
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
      ) : emptyText !== undefined ? (
        <Box sx={centred}>
          <Typography color="text.secondary">{emptyText}</Typography>
        </Box>
      ) : children === undefined ? (
        <Box sx={{ minHeight: CHART_HEIGHT }} />
      ) : (
        children
      )}
      {table && !loading && table.rows.length > 0 ? <HiddenTable table={table} /> : null}
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
