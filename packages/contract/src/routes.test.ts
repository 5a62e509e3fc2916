import { describe, expect, it } from 'vitest';
import { FunctionalityCodeSchema } from './permission-schemas';
import type { Permission } from './permissions';
import type { PortalRoute, RoutePath } from './routes';
import { canAccessRoute, FALLBACK_ROUTE_PATH, fillRoutePath, findRoute, ROUTES } from './routes';

const read = (code: Permission['code']): Permission => ({ code, accessType: 'Read' });
const write = (code: Permission['code']): Permission => ({ code, accessType: 'Write' });

describe('route table', () => {
  it('has unique paths without leading slashes', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) {
      expect(path.startsWith('/')).toBe(false);
    }
  });

  it('names only known functionality codes, each with at least one pair', () => {
    for (const route of ROUTES as ReadonlyArray<PortalRoute>) {
      if (typeof route.access === 'object' && 'anyOf' in route.access) {
        expect(route.access.anyOf.length, route.path).toBeGreaterThan(0);
        for (const { code } of route.access.anyOf) {
          expect(FunctionalityCodeSchema.safeParse(code).success, `${route.path}: ${code}`).toBe(true);
        }
      }
    }
  });

  it('flags exactly the side-menu routes as menu routes', () => {
    const menuPaths = ROUTES.filter((route) => route.menu).map((route) => route.path);
    expect(menuPaths.sort()).toEqual(
      [
        'mobile/estate',
        'mobile/orders',
        'broadband/estate',
        'broadband/orders',
        'my-bills',
        'reports',
        'sites/view',
        'teams/view',
        'users/view',
        'spend-alerts/view',
        'security',
        'console/customers',
        'console/messages',
        'console/faqs',
        'audit-log',
        'console/branding',
        'console/settings',
        'sso-approvals',
      ].sort(),
    );
  });

  it('leaves only login (with single sign-on) and the password pages public', () => {
    const publicPaths = ROUTES.filter((route) => route.access === 'public').map((route) => route.path);
    expect(publicPaths).toEqual(['login', 'single-sign-on', 'forgot-password', 'forgot-password-confirmation']);
  });

  it('falls back to home', () => {
    expect(FALLBACK_ROUTE_PATH).toBe('');
    expect(findRoute(FALLBACK_ROUTE_PATH).access).toBe('signed-in');
  });

  it.each([
    ['sites/add', write('ManageSite')],
    ['teams/add', write('ManageTeam')],
    ['users/add', write('ManageUser')],
    ['sites/edit/:siteId', read('ManageSite')],
    ['teams/edit/:teamId', read('ManageTeam')],
    ['users/edit/:userId', read('ManageUser')],
    ['spend-alerts/view', read('SpendAlerts')],
    ['spend-alerts/add', write('SpendAlerts')],
    ['spend-alerts/edit/:ruleId', read('SpendAlerts')],
    ['audit-log', read('AuditLog')],
    ['mobile/device/:cli', read('EndPointSummary')],
    ['broadband/orders/:orderId', read('BroadbandOrders')],
  ] as const)('%s requires %o', (path: RoutePath, permission: Permission) => {
    expect(findRoute(path).access).toEqual({ anyOf: [permission] });
  });
});

describe('canAccessRoute', () => {
  it('lets anyone through public and signed-in routes', () => {
    expect(canAccessRoute(findRoute('login'), [])).toBe(true);
    expect(canAccessRoute(findRoute(''), [])).toBe(true);
    expect(canAccessRoute(findRoute('broadband/contract/:cli'), [])).toBe(true);
    expect(canAccessRoute(findRoute('notifications'), [])).toBe(true);
  });

  it('allows a route when any one of its pairs is held', () => {
    const mobileEstate = findRoute('mobile/estate');
    expect(canAccessRoute(mobileEstate, [read('MobileTeamEstate')])).toBe(true);
    expect(canAccessRoute(mobileEstate, [read('MobileUserEstate')])).toBe(true);
    expect(canAccessRoute(mobileEstate, [read('BroadbandUserEstate')])).toBe(false);
    expect(canAccessRoute(mobileEstate, [])).toBe(false);
  });

  it('needs the access type as well as the code', () => {
    expect(canAccessRoute(findRoute('sites/add'), [read('ManageSite')])).toBe(false);
    expect(canAccessRoute(findRoute('sites/add'), [write('ManageSite')])).toBe(true);
    expect(canAccessRoute(findRoute('my-bills'), [write('ViewMyBills')])).toBe(false);
  });

  it('does not let one entity code open another entity route', () => {
    expect(canAccessRoute(findRoute('teams/add'), [write('ManageSite')])).toBe(false);
  });

  it('demands the role when a route names one', () => {
    const route: PortalRoute = {
      path: 'admin',
      title: 'Admin',
      access: { role: 'partner-staff' },
      menu: false,
      page: 'admin/AdminPage',
    };
    expect(canAccessRoute(route, [])).toBe(false);
    expect(canAccessRoute(route, [], ['customer'])).toBe(false);
    expect(canAccessRoute(route, [], ['partner-staff'])).toBe(true);
  });
});

describe('fillRoutePath', () => {
  it('substitutes and encodes parameters', () => {
    expect(fillRoutePath('mobile/device/:cli', { cli: '07700 900123' })).toBe('mobile/device/07700%20900123');
    expect(fillRoutePath('sites/edit/:siteId', { siteId: 12 })).toBe('sites/edit/12');
    expect(fillRoutePath('my-bills')).toBe('my-bills');
  });

  it('throws when a parameter is missing', () => {
    expect(() => fillRoutePath('teams/edit/:teamId', {})).toThrow(/teamId/);
  });
});
