import type { Permission, RoutePath } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ReactElement } from 'react';

/** Starts a screen's first data calls, given the caller's permissions (only calls they allow: a 403 ends the session). */
export type PrefetchData = (queryClient: QueryClient, held: ReadonlyArray<Permission>) => void;

/** What the app knows of one screen: registered once here, used by the routes and the first-screen preloading. */
export interface Screen {
  /** Downloads the screen's code (each screen is its own chunk); preloading calls it before React asks. */
  load: () => Promise<unknown>;
  /** The page, drawn once its code has loaded (the route puts it in a Suspense boundary). */
  element: ReactElement;
  /** Loads the function that starts the screen's first data, for a screen worth a head start on a fresh page load. */
  loadPrefetch?: () => Promise<PrefetchData>;
}

function screen<Module>(
  load: () => Promise<Module>,
  render: (module: Module) => ReactElement,
  loadPrefetch?: () => Promise<PrefetchData>,
): Screen {
  const Page = lazy(async () => {
    const module = await load();
    return { default: () => render(module) };
  });
  return { load, element: <Page />, ...(loadPrefetch ? { loadPrefetch } : {}) };
}

/** The signed-in frame around every guarded screen. */
export const loadShell = () => import('./shell/AppShell');

const loadLogin = () => import('../features/login/LoginPage');
const loadForgotPassword = () => import('../features/login/ForgotPasswordPage');
const loadDashboard = () => import('../features/dashboard/DashboardPage');
const loadMyBills = () => import('../features/bills/MyBillsPage');
const loadAccount = () => import('../features/account/AccountPage');
const loadFaq = () => import('../features/partners/FaqPage');
const loadContact = () => import('../features/partners/ContactPage');
const loadSearch = () => import('../features/search/SearchPage');
const loadOrdersList = () => import('../features/orders/OrdersListPage');
const loadOrderDetail = () => import('../features/orders/OrderDetailPage');
const loadMobileEstate = () => import('../features/estate/MobileEstatePage');
const loadGroupEstate = () => import('../features/estate/GroupEstatePage');
const loadBroadbandEstate = () => import('../features/estate/BroadbandEstatePage');
const loadMobileDevice = () => import('../features/mobile-device/MobileDevicePage');
const loadBroadbandContract = () => import('../features/broadband-contract/BroadbandContractPage');
const loadTraceRoute = () => import('../features/broadband-contract/TraceRouteHelpPage');
const loadSitesList = () => import('../features/sites/SitesListPage');
const loadTeamsList = () => import('../features/teams/TeamsListPage');
const loadUsersList = () => import('../features/users/UsersListPage');
const loadSiteForm = () => import('../features/sites/SiteFormPage');
const loadTeamForm = () => import('../features/teams/TeamFormPage');
const loadUserForm = () => import('../features/users/UserFormPage');
// Only the first-screen data, not the page: nothing of it weighs on the sign-in page.
const loadFirstScreenData = () => import('../features/dashboard/first-screen-data');

/** Every route of the contract's route table (spec 2.2) and its screen. */
export const SCREENS: Readonly<Record<RoutePath, Screen>> = {
  '': screen(
    loadDashboard,
    (m) => <m.DashboardPage />,
    () => loadFirstScreenData().then((m) => m.prefetchDashboardData),
  ),
  account: screen(loadAccount, (m) => <m.AccountPage />),
  contact: screen(loadContact, (m) => <m.ContactPage />),
  faq: screen(loadFaq, (m) => <m.FaqPage />),
  search: screen(loadSearch, (m) => <m.SearchPage />),
  login: screen(loadLogin, (m) => <m.LoginPage />),
  'forgot-password': screen(loadForgotPassword, (m) => <m.ForgotPasswordPage />),
  'forgot-password-confirmation': screen(loadForgotPassword, (m) => <m.ForgotPasswordConfirmationPage />),
  'my-bills': screen(
    loadMyBills,
    (m) => <m.MyBillsPage />,
    () => loadFirstScreenData().then((m) => m.prefetchMyBillsData),
  ),
  'sites/view': screen(loadSitesList, (m) => <m.SitesListPage />),
  'teams/view': screen(loadTeamsList, (m) => <m.TeamsListPage />),
  'users/view': screen(loadUsersList, (m) => <m.UsersListPage />),
  'sites/add': screen(loadSiteForm, (m) => <m.SiteFormPage />),
  'teams/add': screen(loadTeamForm, (m) => <m.TeamFormPage />),
  'users/add': screen(loadUserForm, (m) => <m.UserFormPage />),
  'sites/edit/:siteId': screen(loadSiteForm, (m) => <m.SiteFormPage />),
  'teams/edit/:teamId': screen(loadTeamForm, (m) => <m.TeamFormPage />),
  'users/edit/:userId': screen(loadUserForm, (m) => <m.UserFormPage />),
  'mobile/estate': screen(loadMobileEstate, (m) => <m.MobileEstatePage />),
  'mobile/site/:siteId': screen(loadGroupEstate, (m) => <m.GroupEstatePage kind="site" />),
  'mobile/team/:teamId': screen(loadGroupEstate, (m) => <m.GroupEstatePage kind="team" />),
  'mobile/device/:cli': screen(loadMobileDevice, (m) => <m.MobileDevicePage />),
  'mobile/orders': screen(loadOrdersList, (m) => <m.OrdersListPage kind="mobile" />),
  'mobile/orders/:orderId': screen(loadOrderDetail, (m) => <m.OrderDetailPage kind="mobile" />),
  'broadband/estate': screen(loadBroadbandEstate, (m) => <m.BroadbandEstatePage />),
  'broadband/site/:siteId': screen(loadGroupEstate, (m) => <m.GroupEstatePage kind="broadbandSite" />),
  'broadband/orders': screen(loadOrdersList, (m) => <m.OrdersListPage kind="broadband" />),
  'broadband/orders/:orderId': screen(loadOrderDetail, (m) => <m.OrderDetailPage kind="broadband" />),
  'broadband/contract/:cli': screen(loadBroadbandContract, (m) => <m.BroadbandContractPage />),
  'broadband/diagnostics/traceRoute': screen(loadTraceRoute, (m) => <m.TraceRouteHelpPage />),
};
