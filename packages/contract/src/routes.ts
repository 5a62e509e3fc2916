import { anyOf as anyOfCodes, canAccess, type RouteAccess } from './access';
import type { AccessType, FunctionalityCode, Permission } from './permissions';

export interface PortalRoute {
  /** Relative to the app's base URL, without a leading slash; parameters as `:name`. */
  readonly path: string;
  /** What a link to the page calls it (the home page's shortcuts). */
  readonly title: string;
  readonly access: RouteAccess;
  /** A denied menu route is hidden silently; any other denied route redirects home (spec section 2.1). */
  readonly menu: boolean;
  /**
   * The web page drawn at this path: a module under the web app's `src/features/`, without `.tsx`, exporting a
   * component named after the file (or the one after `#`), with `props` when one page serves several routes.
   */
  readonly page: string;
  readonly props?: Readonly<Record<string, string>>;
}

function anyOf(accessType: AccessType, ...codes: FunctionalityCode[]): RouteAccess {
  return anyOfCodes(accessType, ...codes);
}

/** The route table of spec section 2.2. */
export const ROUTES = [
  { path: '', title: 'Home', access: 'signed-in', menu: false, page: 'dashboard/DashboardPage' },
  { path: 'account', title: 'My Account', access: 'signed-in', menu: false, page: 'account/AccountPage' },
  { path: 'account/sign-ins', title: 'Recent sign-ins', access: 'signed-in', menu: false, page: 'account/SignInsPage' },
  { path: 'contact', title: 'Contact', access: 'signed-in', menu: false, page: 'partners/ContactPage' },
  { path: 'faq', title: 'FAQ', access: 'signed-in', menu: false, page: 'partners/FaqPage' },
  { path: 'search', title: 'Search', access: 'signed-in', menu: false, page: 'search/SearchPage' },
  { path: 'login', title: 'Log in', access: 'public', menu: false, page: 'login/LoginPage' },
  // Beyond the spec (docs/decisions/0208): single sign-on, its page the identity provider sends the browser back to.
  { path: 'single-sign-on', title: 'Single sign-on', access: 'public', menu: false, page: 'sso/SingleSignOnPage' },
  {
    path: 'forgot-password',
    title: 'Forgot your password?',
    access: 'public',
    menu: false,
    page: 'login/ForgotPasswordPage',
  },
  {
    path: 'forgot-password-confirmation',
    title: 'Check your email',
    access: 'public',
    menu: false,
    page: 'login/ForgotPasswordPage#ForgotPasswordConfirmationPage',
  },
  { path: 'my-bills', title: 'My Bills', access: anyOf('Read', 'ViewMyBills'), menu: true, page: 'bills/MyBillsPage' },
  // Beyond the spec (docs/decisions/0216): the caller's own reports by e-mail.
  {
    path: 'reports',
    title: 'Scheduled reports',
    access: 'signed-in',
    menu: true,
    page: 'reports/ScheduledReportsPage',
  },
  {
    path: 'sites/view',
    title: 'Manage Sites',
    access: anyOf('Read', 'ManageSite'),
    menu: true,
    page: 'sites/SitesListPage',
  },
  {
    path: 'teams/view',
    title: 'Manage Teams',
    access: anyOf('Read', 'ManageTeam'),
    menu: true,
    page: 'teams/TeamsListPage',
  },
  {
    path: 'users/view',
    title: 'Manage Users',
    access: anyOf('Read', 'ManageUser'),
    menu: true,
    page: 'users/UsersListPage',
  },
  // The spec reads ManageUser Write for all three add routes; the section 6 form rules support the per-entity code.
  {
    path: 'sites/add',
    title: 'Add Site',
    access: anyOf('Write', 'ManageSite'),
    menu: false,
    page: 'sites/SiteFormPage',
  },
  {
    path: 'teams/add',
    title: 'Add Team',
    access: anyOf('Write', 'ManageTeam'),
    menu: false,
    page: 'teams/TeamFormPage',
  },
  {
    path: 'users/add',
    title: 'Add User',
    access: anyOf('Write', 'ManageUser'),
    menu: false,
    page: 'users/UserFormPage',
  },
  // Read suffices: without Write the form opens read-only, titled View.
  {
    path: 'sites/edit/:siteId',
    title: 'Site',
    access: anyOf('Read', 'ManageSite'),
    menu: false,
    page: 'sites/SiteFormPage',
  },
  {
    path: 'teams/edit/:teamId',
    title: 'Team',
    access: anyOf('Read', 'ManageTeam'),
    menu: false,
    page: 'teams/TeamFormPage',
  },
  {
    path: 'users/edit/:userId',
    title: 'User',
    access: anyOf('Read', 'ManageUser'),
    menu: false,
    page: 'users/UserFormPage',
  },
  // Beyond the spec (issue 26, docs/decisions/0213): spend alert rules. As with sites, Read opens a rule read-only.
  {
    path: 'spend-alerts/view',
    title: 'Spend Alerts',
    access: anyOf('Read', 'SpendAlerts'),
    menu: true,
    page: 'spend-alerts/SpendAlertsListPage',
  },
  {
    path: 'spend-alerts/add',
    title: 'Add Spend Alert',
    access: anyOf('Write', 'SpendAlerts'),
    menu: false,
    page: 'spend-alerts/SpendAlertFormPage',
  },
  {
    path: 'spend-alerts/edit/:ruleId',
    title: 'Spend Alert',
    access: anyOf('Read', 'SpendAlerts'),
    menu: false,
    page: 'spend-alerts/SpendAlertFormPage',
  },
  // Beyond the spec (issue 27, docs/decisions/0221): the audit trail of the caller's companies.
  {
    path: 'audit-log',
    title: 'Audit Log',
    access: anyOf('Read', 'AuditLog'),
    menu: true,
    page: 'audit-log/AuditLogPage',
  },
  // Beyond the spec (docs/decisions/0214): the caller's own notices, reached from the toolbar's bell.
  {
    path: 'notifications',
    title: 'Notifications',
    access: 'signed-in',
    menu: false,
    page: 'notifications/NotificationsPage',
  },
  // Beyond the spec (docs/decisions/0208): how a company's users sign in, and the partner's approval of it.
  {
    path: 'security',
    title: 'Company Security',
    access: anyOf('Write', 'ManageUser'),
    menu: true,
    page: 'sso/CompanySecurityPage',
  },
  // The reseller console (issue 27): its Customers (docs/decisions/0219).
  {
    path: 'console/customers',
    title: 'Customers',
    access: { role: 'partner-staff' },
    menu: true,
    page: 'console-customers/CustomersListPage',
  },
  {
    path: 'console/customers/new',
    title: 'Onboard a customer',
    access: { role: 'partner-staff' },
    menu: false,
    page: 'console-customers/OnboardCustomerPage',
  },
  {
    path: 'console/customers/:companyId',
    title: 'Customer',
    access: { role: 'partner-staff' },
    menu: false,
    page: 'console-customers/CustomerPage',
  },
  // Beyond the spec (issue 27, docs/decisions/0217): the reseller console's banner messages and FAQs.
  {
    path: 'console/messages',
    // Not 'Messages': the home page's shortcut is a landmark named by it, beside the banner's own 'Messages'.
    title: 'Banner messages',
    access: { role: 'partner-staff' },
    menu: true,
    page: 'console-content/ConsoleMessagesPage',
  },
  {
    path: 'console/faqs',
    title: 'FAQs',
    access: { role: 'partner-staff' },
    menu: true,
    page: 'console-content/ConsoleFaqsPage',
  },
  // Beyond the spec (docs/decisions/0218): the reseller's console, its own branding, contacts and settings.
  {
    path: 'console/branding',
    title: 'Branding',
    access: { role: 'partner-staff' },
    menu: true,
    page: 'console-partner/BrandingPage',
  },
  {
    path: 'console/settings',
    title: 'Contacts and settings',
    access: { role: 'partner-staff' },
    menu: true,
    page: 'console-partner/ContactsSettingsPage',
  },
  {
    path: 'sso-approvals',
    title: 'Single Sign-On Approvals',
    access: { role: 'partner-staff' },
    menu: true,
    page: 'sso/SsoApprovalsPage',
  },
  // Beyond the spec (docs/decisions/0220): viewing the portal as a customer user, read-only; the console's customer
  // page links here.
  {
    path: 'console/view-as/:userId',
    title: 'View as customer',
    access: { role: 'partner-staff' },
    menu: false,
    page: 'view-as/ViewAsPage',
  },
  {
    path: 'mobile/estate',
    title: 'Mobile Estate',
    access: anyOf('Read', 'MobileSiteEstate', 'MobileTeamEstate', 'MobileUserEstate'),
    menu: true,
    page: 'estate/MobileEstatePage',
  },
  {
    path: 'mobile/site/:siteId',
    title: 'Mobile Site Estate',
    access: anyOf('Read', 'MobileSiteEstate'),
    menu: false,
    page: 'estate/GroupEstatePage',
    props: { kind: 'site' },
  },
  {
    path: 'mobile/team/:teamId',
    title: 'Mobile Team Estate',
    access: anyOf('Read', 'MobileTeamEstate'),
    menu: false,
    page: 'estate/GroupEstatePage',
    props: { kind: 'team' },
  },
  {
    path: 'mobile/device/:cli',
    title: 'Mobile Device',
    access: anyOf('Read', 'EndPointSummary'),
    menu: false,
    page: 'mobile-device/MobileDevicePage',
  },
  {
    path: 'mobile/orders',
    title: 'Mobile Orders',
    access: anyOf('Read', 'MobileOrders'),
    menu: true,
    page: 'orders/OrdersListPage',
    props: { kind: 'mobile' },
  },
  {
    path: 'mobile/orders/:orderId',
    title: 'Mobile Order',
    access: anyOf('Read', 'MobileOrders'),
    menu: false,
    page: 'orders/OrderDetailPage',
    props: { kind: 'mobile' },
  },
  {
    path: 'broadband/estate',
    title: 'Broadband Estate',
    access: anyOf('Read', 'BroadbandSiteEstate', 'BroadbandUserEstate'),
    menu: true,
    page: 'estate/BroadbandEstatePage',
  },
  {
    path: 'broadband/site/:siteId',
    title: 'Broadband Site Estate',
    access: anyOf('Read', 'BroadbandSiteEstate'),
    menu: false,
    page: 'estate/GroupEstatePage',
    props: { kind: 'broadbandSite' },
  },
  {
    path: 'broadband/orders',
    title: 'Broadband Orders',
    access: anyOf('Read', 'BroadbandOrders'),
    menu: true,
    page: 'orders/OrdersListPage',
    props: { kind: 'broadband' },
  },
  {
    path: 'broadband/orders/:orderId',
    title: 'Broadband Order',
    access: anyOf('Read', 'BroadbandOrders'),
    menu: false,
    page: 'orders/OrderDetailPage',
    props: { kind: 'broadband' },
  },
  {
    path: 'broadband/contract/:cli',
    title: 'Broadband Contract',
    access: 'signed-in',
    menu: false,
    page: 'broadband-contract/BroadbandContractPage',
  },
  {
    path: 'broadband/diagnostics/traceRoute',
    title: 'Trace Route',
    access: 'signed-in',
    menu: false,
    page: 'broadband-contract/TraceRouteHelpPage',
  },
] as const satisfies ReadonlyArray<PortalRoute>;

export type RoutePath = (typeof ROUTES)[number]['path'];

export const HOME_ROUTE_PATH = '' satisfies RoutePath;
export const LOGIN_ROUTE_PATH = 'login' satisfies RoutePath;
export const SEARCH_ROUTE_PATH = 'search' satisfies RoutePath;
/** Unknown paths redirect here. */
export const FALLBACK_ROUTE_PATH = HOME_ROUTE_PATH;

export function findRoute(path: RoutePath): PortalRoute {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (route === undefined) {
    throw new Error(`Unknown route path '${path}'`);
  }
  return route;
}

/**
 * Whether a signed-in user may open the route. Sign-in itself is the caller's concern: `held` is the signed-in
 * user's functionality, so 'signed-in' routes pass here.
 */
export function canAccessRoute(
  route: PortalRoute,
  held: ReadonlyArray<Permission>,
  roles: ReadonlyArray<string> = [],
): boolean {
  return canAccess(route.access, held, roles);
}

/** Fills `:name` parameters, encoding each value; throws if one is missing so broken links fail loudly. */
export function fillRoutePath(path: RoutePath, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`Missing route parameter '${name}' for '${path}'`);
    }
    return encodeURIComponent(String(value));
  });
}
