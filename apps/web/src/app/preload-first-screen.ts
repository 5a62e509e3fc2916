import { HOME_ROUTE_PATH, ROUTES } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { apiClient } from '../api/client';
import { hasSessionCookie, sessionStore } from '../api/session-store';
import { currentMessagesQuery } from '../features/messages/useCurrentMessages';
import { companyNamesQuery, functionalityQuery } from '../session/useSession';
import { loadShell, SCREENS, type Screen } from './screens';

/** The screen's first data, once the permissions say which calls the user may make. */
async function prefetchPageData(queryClient: QueryClient, screen: Screen): Promise<void> {
  // A failure here costs only the head start: the pages load the same data themselves.
  const functionality = queryClient.fetchQuery(functionalityQuery).catch(() => undefined);
  if (!screen.loadPrefetch) return;
  const [prefetch, list] = await Promise.all([screen.loadPrefetch().catch(() => undefined), functionality]);
  if (prefetch && list) prefetch(queryClient, list.value);
}

/**
 * Starts fetching what the first screen needs (its code chunks and its data) while React is still booting, so
 * they arrive together instead of one after another as each component mounts. `pathname` is relative to the
 * router's basename. A guarded page first restores the session from the browser's session cookie (a reload, a new
 * tab: the tokens live in memory only, docs/decisions/0206), its code loading meanwhile.
 */
export function preloadFirstScreen(queryClient: QueryClient, pathname: string): void {
  const route = ROUTES.find((candidate) => matchPath({ path: `/${candidate.path}`, end: true }, pathname));
  const screen = SCREENS[route?.path ?? HOME_ROUTE_PATH];
  const guarded = route?.access !== 'public';
  // First, so that the calls below wait for the session rather than go without it.
  const restored =
    guarded && (sessionStore.isSignedIn() || hasSessionCookie()) ? apiClient.restoreSession() : undefined;
  void queryClient.prefetchQuery(currentMessagesQuery);
  if (!guarded) {
    void screen.load();
  } else if (restored) {
    void loadShell();
    void screen.load();
    void restored.then((signedIn) => {
      if (!signedIn) return SCREENS.login.load();
      void queryClient.prefetchQuery(companyNamesQuery);
      return prefetchPageData(queryClient, screen);
    });
  } else {
    void SCREENS.login.load();
  }
}
