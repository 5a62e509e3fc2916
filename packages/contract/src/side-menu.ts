import type { Permission } from './permissions';
import type { PortalRoute, RoutePath } from './routes';
import { canAccessRoute, findRoute } from './routes';

export interface SideMenuLink {
  readonly kind: 'link';
  readonly label: string;
  readonly path: RoutePath;
}

export interface SideMenuGroup {
  readonly kind: 'group';
  readonly label: string;
  readonly children: ReadonlyArray<SideMenuLink>;
}

export interface SideMenuAction {
  readonly kind: 'action';
  readonly label: string;
  readonly action: 'logout';
}

export type SideMenuEntry = SideMenuLink | SideMenuGroup | SideMenuAction;

function link(label: string, path: RoutePath): SideMenuLink {
  return { kind: 'link', label, path };
}

/** The side menu of spec section 2.3, in display order. */
export const SIDE_MENU: ReadonlyArray<SideMenuEntry> = [
  link('Home', ''),
  { kind: 'group', label: 'Mobile', children: [link('Estate', 'mobile/estate'), link('Orders', 'mobile/orders')] },
  {
    kind: 'group',
    label: 'Broadband',
    children: [link('Estate', 'broadband/estate'), link('Orders', 'broadband/orders')],
  },
  link('My Bills', 'my-bills'),
  // Beyond the spec (docs/decisions/0216).
  link('Scheduled reports', 'reports'),
  {
    kind: 'group',
    label: 'Admin',
    children: [
      link('Manage Sites', 'sites/view'),
      link('Manage Teams', 'teams/view'),
      link('Manage Users', 'users/view'),
      // Beyond the spec (issue 26).
      link('Spend Alerts', 'spend-alerts/view'),
      // Beyond the spec (docs/decisions/0208).
      link('Company Security', 'security'),
      // Beyond the spec (docs/decisions/0221).
      link('Audit Log', 'audit-log'),
    ],
  },
  // Beyond the spec (issue 27): the reseller console, for the partner's staff.
  {
    kind: 'group',
    label: 'Reseller console',
    children: [
      link('Customers', 'console/customers'),
      link('Messages', 'console/messages'),
      link('FAQs', 'console/faqs'),
      link('Branding', 'console/branding'),
      link('Contacts and settings', 'console/settings'),
    ],
  },
  link('Single Sign-On Approvals', 'sso-approvals'),
  link('FAQ', 'faq'),
  link('Contact', 'contact'),
  link('Account', 'account'),
  { kind: 'action', label: 'Logout', action: 'logout' },
];

/**
 * Whether the user is the reseller's staff and not a customer's: they have no estate of their own, so the screens a
 * customer's functionality opens would only ever be empty for them (decision 0223). Their portal is the console.
 */
export function isPartnerStaffOnly(roles: ReadonlyArray<string>): boolean {
  return roles.includes('partner-staff') && !roles.includes('customer');
}

/**
 * Whether the portal points the user at a route (side menu, home shortcuts): they may open it, and it is not a
 * customer's estate screen offered to the reseller's staff.
 */
export function isOffered(route: PortalRoute, held: ReadonlyArray<Permission>, roles: ReadonlyArray<string>): boolean {
  if (isPartnerStaffOnly(roles) && typeof route.access === 'object' && 'anyOf' in route.access) return false;
  return canAccessRoute(route, held, roles);
}

/**
 * The entries a signed-in user sees: permitted links, and groups that keep at least one permitted link. The
 * reseller's staff are not offered the customer's estate screens their functionality would open.
 */
export function visibleSideMenu(held: ReadonlyArray<Permission>, roles: ReadonlyArray<string> = []): SideMenuEntry[] {
  const permitted = (entry: SideMenuLink) => isOffered(findRoute(entry.path), held, roles);
  return SIDE_MENU.flatMap((entry): SideMenuEntry[] => {
    if (entry.kind === 'link') {
      return permitted(entry) ? [entry] : [];
    }
    if (entry.kind === 'group') {
      const children = entry.children.filter(permitted);
      return children.length > 0 ? [{ ...entry, children }] : [];
    }
    return [entry];
  });
}
