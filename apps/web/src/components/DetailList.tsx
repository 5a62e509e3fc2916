import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A label and its value; an empty value leaves the row out. `wide`: a line of its own at every size. */
export type DetailRow = readonly [label: string, value: ReactNode | undefined, options?: { wide?: boolean }];

/** Label and value pairs as a description list, two to a line from `sm` up, so each item shows only what it has. */
export function DetailList({ rows }: { rows: ReadonlyArray<DetailRow> }) {
  const shown = rows.filter(([, value]) => value !== undefined && value !== null && value !== '');
  return (
    <Grid component="dl" container columnSpacing={2} rowSpacing={1} sx={{ m: 0 }}>
      {shown.map(([label, value, options]) => (
        <Grid key={label} size={{ xs: 12, sm: options?.wide ? 12 : 6 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value}
          </Typography>
        </Grid>
      ))}
    </Grid>
  );
}
