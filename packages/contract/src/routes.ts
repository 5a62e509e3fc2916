import { anyOf as anyOfCodes, canAccess, type RouteAccess } from './access';
import type { AccessType, FunctionalityCode, Permission } from './permissions';

export interface PortalRoute {
  /** Relative to the app's base URL, without a leading slash; parameters as `:name`. */
  readonly path: string;
  readonly access: RouteAccess;
  /** A denied menu route is hidden silently; any other denied route redirects home (spec section 2.1). */
  readonly menu: boolean;
}

function anyOf(accessType: AccessType, ...codes: FunctionalityCode[]): RouteAccess {
  return anyOfCodes(accessType, ...codes);
}

/** The route table of spec section 2.2. */
export const ROUTES = [
  { path: '', access: 'signed-in', menu: false },
  { path: 'account', access: 'signed-in', menu: false },
  { path: 'contact', access: 'signed-in', menu: false },
  { path: 'faq', access: 'signed-in', menu: false },
  { path: 'search', access: 'signed-in', menu: false },
  { path: 'login', access: 'public', menu: false },
  { path: 'forgot-password', access: 'public', menu: false },
  { path: 'forgot-password-confirmation', access: 'public', menu: false },
  { path: 'my-bills', access: anyOf('Read', 'ViewMyBills'), menu: true },
  { path: 'sites/view', access: anyOf('Read', 'ManageSite'), menu: true },
  { path: 'teams/view', access: anyOf('Read', 'ManageTeam'), menu: true },
  { path: 'users/view', access: anyOf('Read', 'ManageUser'), menu: true },
  // The spec reads ManageUser Write for all three add routes; the section 6 form rules support the per-entity code.
  { path: 'sites/add', access: anyOf('Write', 'ManageSite'), menu: false },
  { path: 'teams/add', access: anyOf('Write', 'ManageTeam'), menu: false },
  { path: 'users/add', access: anyOf('Write', 'ManageUser'), menu: false },
  // Read suffices: without Write the form opens read-only, titled View.
  { path: 'sites/edit/:siteId', access: anyOf('Read', 'ManageSite'), menu: false },
  { path: 'teams/edit/:teamId', access: anyOf('Read', 'ManageTeam'), menu: false },
  { path: 'users/edit/:userId', access: anyOf('Read', 'ManageUser'), menu: false },
  {
    path: 'mobile/estate',
    access: anyOf('Read', 'MobileSiteEstate', 'MobileTeamEstate', 'MobileUserEstate'),
    menu: true,
  },
  { path: 'mobile/site/:siteId', access: anyOf('Read', 'MobileSiteEstate'), menu: false },
  { path: 'mobile/team/:teamId', access: anyOf('Read', 'MobileTeamEstate'), menu: false },
  { path: 'mobile/device/:cli', access: anyOf('Read', 'EndPointSummary'), menu: false },
  { path: 'mobile/orders', access: anyOf('Read', 'MobileOrders'), menu: true },
  { path: 'mobile/orders/:orderId', access: anyOf('Read', 'MobileOrders'), menu: false },
  { path: 'broadband/estate', access: anyOf('Read', 'BroadbandSiteEstate', 'BroadbandUserEstate'), menu: true },
  { path: 'broadband/site/:siteId', access: anyOf('Read', 'BroadbandSiteEstate'), menu: false },
  { path: 'broadband/orders', access: anyOf('Read', 'BroadbandOrders'), menu: true },
  { path: 'broadband/orders/:orderId', access: anyOf('Read', 'BroadbandOrders'), menu: false },
  { path: 'broadband/contract/:cli', access: 'signed-in', menu: false },
  { path: 'broadband/diagnostics/traceRoute', access: 'signed-in', menu: false },
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
