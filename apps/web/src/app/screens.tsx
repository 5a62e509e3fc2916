import type { Permission, RoutePath } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ReactElement } from 'react';

/** Starts a screen's first data calls, given the caller's permissions (only calls they allow: a 403 ends the session). */
export type PrefetchData = (queryClient: QueryClient, held: ReadonlyArray<Permission>) => void;

/** What the app knows of one screen: registered once here, used by the routes and the first-screen preloading. */
export interface Screen {
  /** The page's title; the placeholder of a page not built yet shows it. */
  title: string;
  /** Downloads the screen's code (each screen is its own chunk); preloading calls it before React asks. */
  load: () => Promise<unknown>;
  /** The page, drawn once its code has loaded (the route puts it in a Suspense boundary). */
  element: ReactElement;
  /** Loads the function that starts the screen's first data, for a screen worth a head start on a fresh page load. */
  loadPrefetch?: () => Promise<PrefetchData>;
}

function screen<Module>(
  title: string,
  load: () => Promise<Module>,
  render: (module: Module) => ReactElement,
  loadPrefetch?: () => Promise<PrefetchData>,
): Screen {
  const Page = lazy(async () => {
    const module = await load();
    return { default: () => render(module) };
  });
  return { title, load, element: <Page />, ...(loadPrefetch ? { loadPrefetch } : {}) };
}

/** The signed-in frame around every guarded screen. */
export const loadShell = () => import('./shell/AppShell');

const loadLogin = () => import('../features/login/LoginPage');
const loadForgotPassword = () => import('../features/login/ForgotPasswordPage');
const loadDashboard = () => import('../features/dashboard/DashboardPage');
const loadMyBills = () => import('../features/bills/MyBillsPage');
const loadAccount = () => import('../features/account/AccountPage');
const loadFaq = () => import('../features/help/FaqPage');
const loadContact = () => import('../features/help/ContactPage');
const loadSearch = () => import('../features/search/SearchPage');
const loadOrdersList = () => import('../features/orders/OrdersListPage');
const loadOrderDetail = () => import('../features/orders/OrderDetailPage');
const loadMobileEstate = () => import('../features/estate/MobileEstatePage');
const loadGroupEstate = () => import('../features/estate/GroupEstatePage');
const loadBroadbandEstate = () => import('../features/estate/BroadbandEstatePage');
const loadMobileDevice = () => import('../features/mobile-device/MobileDevicePage');
const loadBroadbandContract = () => import('../features/broadband-contract/BroadbandContractPage');
const loadTraceRoute = () => import('../features/broadband-contract/TraceRouteHelpPage');
const loadAdminLists = () => import('../features/admin/AdminListPages');
const loadSiteForm = () => import('../features/admin/SiteFormPage');
const loadTeamForm = () => import('../features/admin/TeamFormPage');
const loadUserForm = () => import('../features/admin-users/UserFormPage');
// Only the first-screen data, not the page: nothing of it weighs on the sign-in page.
const loadFirstScreenData = () => import('../features/dashboard/first-screen-data');

/** Every route of the contract's route table (spec 2.2) and its screen. */
export const SCREENS: Readonly<Record<RoutePath, Screen>> = {
  '': screen(
    'Home',
    loadDashboard,
    (m) => <m.DashboardPage />,
    () => loadFirstScreenData().then((m) => m.prefetchDashboardData),
  ),
  account: screen('My Account', loadAccount, (m) => <m.AccountPage />),
  contact: screen('Contact', loadContact, (m) => <m.ContactPage />),
  faq: screen('FAQ', loadFaq, (m) => <m.FaqPage />),
  search: screen('Search', loadSearch, (m) => <m.SearchPage />),
  login: screen('Log in', loadLogin, (m) => <m.LoginPage />),
  'forgot-password': screen('Forgot your password?', loadForgotPassword, (m) => <m.ForgotPasswordPage />),
  'forgot-password-confirmation': screen('Check your email', loadForgotPassword, (m) => (
    <m.ForgotPasswordConfirmationPage />
  )),
  'my-bills': screen(
    'My Bills',
    loadMyBills,
    (m) => <m.MyBillsPage />,
    () => loadFirstScreenData().then((m) => m.prefetchMyBillsData),
  ),
  'sites/view': screen('Manage Sites', loadAdminLists, (m) => <m.SitesListPage />),
  'teams/view': screen('Manage Teams', loadAdminLists, (m) => <m.TeamsListPage />),
  'users/view': screen('Manage Users', loadAdminLists, (m) => <m.UsersListPage />),
  'sites/add': screen('Add Site', loadSiteForm, (m) => <m.SiteFormPage />),
  'teams/add': screen('Add Team', loadTeamForm, (m) => <m.TeamFormPage />),
  'users/add': screen('Add User', loadUserForm, (m) => <m.UserFormPage />),
  'sites/edit/:siteId': screen('Site', loadSiteForm, (m) => <m.SiteFormPage />),
  'teams/edit/:teamId': screen('Team', loadTeamForm, (m) => <m.TeamFormPage />),
  'users/edit/:userId': screen('User', loadUserForm, (m) => <m.UserFormPage />),
  'mobile/estate': screen('Mobile Estate', loadMobileEstate, (m) => <m.MobileEstatePage />),
  'mobile/site/:siteId': screen('Mobile Site Estate', loadGroupEstate, (m) => <m.GroupEstatePage kind="site" />),
  'mobile/team/:teamId': screen('Mobile Team Estate', loadGroupEstate, (m) => <m.GroupEstatePage kind="team" />),
  'mobile/device/:cli': screen('Mobile Device', loadMobileDevice, (m) => <m.MobileDevicePage />),
  'mobile/orders': screen('Mobile Orders', loadOrdersList, (m) => <m.OrdersListPage kind="mobile" />),
  'mobile/orders/:orderId': screen('Mobile Order', loadOrderDetail, (m) => <m.OrderDetailPage kind="mobile" />),
  'broadband/estate': screen('Broadband Estate', loadBroadbandEstate, (m) => <m.BroadbandEstatePage />),
  'broadband/site/:siteId': screen('Broadband Site Estate', loadGroupEstate, (m) => (
    <m.GroupEstatePage kind="broadbandSite" />
  )),
  'broadband/orders': screen('Broadband Orders', loadOrdersList, (m) => <m.OrdersListPage kind="broadband" />),
  'broadband/orders/:orderId': screen('Broadband Order', loadOrderDetail, (m) => (
    <m.OrderDetailPage kind="broadband" />
  )),
  'broadband/contract/:cli': screen('Broadband Contract', loadBroadbandContract, (m) => <m.BroadbandContractPage />),
  'broadband/diagnostics/traceRoute': screen('Trace Route', loadTraceRoute, (m) => <m.TraceRouteHelpPage />),
};
