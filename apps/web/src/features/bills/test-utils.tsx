import { ThemeProvider } from '@mui/material/styles';
import type { FunctionalityCode, Permission } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { testTheme } from '../../components/data-table/test-utils';
import { NotificationProvider } from '../../components/notifications/NotificationProvider';
import { functionalityQuery } from '../../session/useSession';

/**
 * Component-test helpers for pages that read the caller's permissions: the functionality list is put straight into
 * the query cache (as if loaded), so no session or profile call is needed.
 */

export function readPermissions(...codes: FunctionalityCode[]): Permission[] {
  return codes.map((code) => ({ code, accessType: 'Read' }));
}

export function renderWithPermissions(
  ui: ReactElement,
  permissions: readonly Permission[] | undefined,
  /** The URL the router starts at (default '/'), for pages that read route parameters. */
  initialPath = '/',
): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (permissions) {
    queryClient.setQueryData(functionalityQuery.queryKey, {
      value: permissions.map((permission, index) => ({ id: index + 1, description: permission.code, ...permission })),
    });
  }
  const result = render(
    <ThemeProvider theme={testTheme}>
      <QueryClientProvider client={queryClient}>
        <NotificationProvider>
          <MemoryRouter initialEntries={[initialPath]}>{ui}</MemoryRouter>
        </NotificationProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, queryClient };
}
