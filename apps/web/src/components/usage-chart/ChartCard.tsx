import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { ReactNode } from 'react';

/** A titled card for a chart or table; its h2 names the section for screen readers. */
export function ChartCard({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  /** Shown at the right of the title, e.g. a link to the full page. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%', minWidth: 0 }}>
      <CardHeader
        title={title}
        action={action}
        slotProps={{ title: { id, component: 'h2', variant: 'h6' }, action: { sx: { alignSelf: 'center', m: 0 } } }}
      />
      <CardContent sx={{ pt: 0, px: { xs: 1, sm: 2 } }}>{children}</CardContent>
    </Card>
  );
}
