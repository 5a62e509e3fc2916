import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NamedRef } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser, usePermissions, useSessionSnapshot } from '../../session/useSession';
import { orderCountQueries } from './count-queries';
import { countedNoun } from './count-text';
import { type HomeShortcut, homeShortcuts, shortcutTitle } from './home-shortcuts';
import { LoadFailed, QueryState } from './TileParts';

const SHORTCUT_SIZE = { xs: 12, sm: 6, lg: 4 } as const;

/**
 * The home page of a user the dashboard has nothing for (no bills, no estate of their own, or no company): who they
 * are and for which companies, and a shortcut to each page they can open, orders counted (decision 0062).
 */
export function HomeShortcuts({ companies }: { companies: readonly NamedRef[] | undefined }) {
  const user = useCurrentUser();
  const held = usePermissions() ?? [];
  const { roles } = useSessionSnapshot();
  const shortcuts = homeShortcuts(held, roles);
  return (
    <Stack spacing={2}>
      <Card component="section" aria-label="Welcome">
        <CardContent>
          <Typography variant="h6" component="h2">
            {user ? `Welcome, ${user.userName}` : 'Welcome'}
          </Typography>
          {companies && companies.length > 0 ? (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {companies.map((company) => company.name).join(', ')}
            </Typography>
          ) : null}
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: '60ch' }}>
            Here is what you can open in the portal.
          </Typography>
        </CardContent>
      </Card>
      <Grid container spacing={2} component="ul" aria-label="Shortcuts" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {shortcuts.map((shortcut) => (
          <Grid component="li" key={shortcut.path} size={SHORTCUT_SIZE}>
            <ShortcutCard shortcut={shortcut} />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

function ShortcutCard({ shortcut }: { shortcut: HomeShortcut }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          <Link component={RouterLink} to={`/${shortcut.path}`} underline="hover">
            {shortcutTitle(shortcut)}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {shortcut.description}
        </Typography>
        {shortcut.orders ? <OrderCount kind={shortcut.orders} /> : null}
      </CardContent>
    </Card>
  );
}

function OrderCount({ kind }: { kind: keyof typeof orderCountQueries }) {
  const query = useQuery(orderCountQueries[kind]);
  return (
    <Stack sx={{ mt: 1, fontVariantNumeric: 'tabular-nums' }}>
      <QueryState
        query={query}
        pending={<OrderCountText count={undefined} />}
        failed={(retry) => <LoadFailed what="Orders" onRetry={retry} />}
      >
        {(count) => <OrderCountText count={count} />}
      </QueryState>
    </Stack>
  );
}

function OrderCountText({ count }: { count: number | undefined }) {
  return (
    <Typography component="p" variant="h6" sx={{ fontWeight: 600 }}>
      {countedNoun(count, 'Order')}
    </Typography>
  );
}
