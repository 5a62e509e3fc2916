import { ROUTES, type RoutePath } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionStore } from '../api/session-store';
import { currentMessagesQuery } from '../features/messages/useCurrentMessages';
import { companyNamesQuery, functionalityQuery } from '../features/session/useSession';

/** The code of each screen, loaded on first use (route-level code splitting). */
export const loadShell = () => import('../components/shell/AppShell');
export const loadLoginPage = () => import('../features/login/LoginPage');
export const loadForgotPasswordPages = () => import('../features/login/ForgotPasswordPage');
export const loadHomePage = () => import('../features/home/HomePage');
export const loadAccountPage = () => import('../features/account/AccountPage');
export const loadUpcomingPage = () => import('../features/placeholders/UpcomingPage');

function pageLoaderFor(path: RoutePath): () => Promise<unknown> {
  switch (path) {
    case '':
      return loadHomePage;
    case 'account':
      return loadAccountPage;
    case 'login':
      return loadLoginPage;
    case 'forgot-password':
    case 'forgot-password-confirmation':
      return loadForgotPasswordPages;
    default:
      return loadUpcomingPage;
  }
}

/**
 * Starts fetching what the first screen needs (its code chunks and its data) while React is still booting, so
 * they arrive together instead of one after another as each component mounts. `pathname` is relative to the
 * router's basename.
 */
export function preloadFirstScreen(queryClient: QueryClient, pathname: string): void {
  void queryClient.prefetchQuery(currentMessagesQuery);
  const route = ROUTES.find((candidate) => matchPath({ path: `/${candidate.path}`, end: true }, pathname));
  if (route?.access === 'public') {
    void pageLoaderFor(route.path)();
  } else if (sessionStore.isSignedIn()) {
    void loadShell();
    void pageLoaderFor(route?.path ?? '')();
    void queryClient.prefetchQuery(functionalityQuery);
    void queryClient.prefetchQuery(companyNamesQuery);
  } else {
    void loadLoginPage();
  }
}
