import { ROUTES, type RoutePath } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionStore } from '../api/session-store';
import { currentMessagesQuery } from '../features/messages/useCurrentMessages';
import { companyNamesQuery, functionalityQuery } from './session/useSession';

/** The code of each screen, loaded on first use (route-level code splitting). */
export const loadShell = () => import('./shell/AppShell');
export const loadLoginPage = () => import('../features/login/LoginPage');
export const loadForgotPasswordPages = () => import('../features/login/ForgotPasswordPage');
export const loadDashboardPage = () => import('../features/dashboard/DashboardPage');
export const loadMyBillsPage = () => import('../features/bills/MyBillsPage');
export const loadAccountPage = () => import('../features/account/AccountPage');
export const loadFaqPage = () => import('../features/help/FaqPage');
export const loadContactPage = () => import('../features/help/ContactPage');
export const loadSearchPage = () => import('../features/search/SearchPage');
export const loadOrdersListPage = () => import('../features/orders/OrdersListPage');
export const loadOrderDetailPage = () => import('../features/orders/OrderDetailPage');
export const loadUpcomingPage = () => import('../features/placeholders/UpcomingPage');

function pageLoaderFor(path: RoutePath): () => Promise<unknown> {
  switch (path) {
    case '':
      return loadDashboardPage;
    case 'my-bills':
      return loadMyBillsPage;
    case 'account':
      return loadAccountPage;
    case 'faq':
      return loadFaqPage;
    case 'contact':
      return loadContactPage;
    case 'search':
      return loadSearchPage;
    case 'mobile/orders':
    case 'broadband/orders':
      return loadOrdersListPage;
    case 'mobile/orders/:orderId':
    case 'broadband/orders/:orderId':
      return loadOrderDetailPage;
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
 * The first data of the dashboard and My Bills, once the permissions say which calls the user may make. The query
 * definitions are imported on demand so that nothing of them weighs on the login page.
 */
async function prefetchPageData(queryClient: QueryClient, path: RoutePath): Promise<void> {
  // A failure here costs only the head start: the pages load the same data themselves.
  const functionality = queryClient.fetchQuery(functionalityQuery).catch(() => undefined);
  if (path !== '' && path !== 'my-bills') return;
  const [data, list] = await Promise.all([
    import('../features/dashboard/first-screen-data').catch(() => undefined),
    functionality,
  ]);
  if (!data || !list) return;
  if (path === '') data.prefetchDashboardData(queryClient, list.value);
  else data.prefetchMyBillsData(queryClient, list.value);
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
    void queryClient.prefetchQuery(companyNamesQuery);
    void prefetchPageData(queryClient, route?.path ?? '');
  } else {
    void loadLoginPage();
  }
}
