import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadFailed as LoadFailedMessage } from '../../components/LoadFailed';

/** The words of a tile whose figure could not be loaded (decision 0061). */
export const LOAD_FAILED = "Couldn't load";

/** A count tile: a small title, the figure(s) and an optional footer; the same height as its row's neighbours. */
export function CountTile({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
          // Compact on a phone, where the tiles stack one under another.
          p: { xs: 1.5, sm: 2 },
          '&:last-child': { pb: { xs: 1.5, sm: 2 } },
        }}
      >
        <Typography id={titleId} component="h2" variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {title}
        </Typography>
        <Stack spacing={0.5} sx={{ flexGrow: 1, fontVariantNumeric: 'tabular-nums', minWidth: 0 }}>
          {children}
        </Stack>
        {footer}
      </CardContent>
    </Card>
  );
}

/**
 * A tile's figure: large when it is the tile's only one, smaller in a list of one per company. A value, not a
 * paragraph: a large bold `p` reads to assistive checks as a heading pretending (axe's p-as-heading).
 */
export function Figure({ children, small = false }: { children: ReactNode; small?: boolean }) {
  return (
    <Typography
      component="div"
      variant={small ? 'h6' : 'h4'}
      sx={{
        fontWeight: 600,
        fontSize: small ? { xs: '1.125rem', md: '1.25rem' } : { xs: '1.5rem', md: '2rem' },
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Typography>
  );
}

/** What a tile shows in its figure's place when the request failed: the failure, and a Retry that asks again. */
export function LoadFailed({ onRetry, what }: { onRetry: () => void; what?: string }) {
  return <LoadFailedMessage text={what ? `${what}: ${LOAD_FAILED}` : LOAD_FAILED} onRetry={onRetry} />;
}

/**
 * A query's three faces: `pending` (the spec's placeholder) while it loads, again while a Retry is under way;
 * `failed` once it has failed; `children(data)` once it has answered. A failure is never drawn as an empty figure.
 */
export function QueryState<T>({
  query,
  pending,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  pending: ReactNode;
  failed: (retry: () => void) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isSuccess) return children(query.data);
  if (query.isError && !query.isFetching) return failed(() => void query.refetch());
  return pending;
}

export function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} variant="body2">
      {children}
    </Link>
  );
}
