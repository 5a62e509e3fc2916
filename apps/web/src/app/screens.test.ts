import { type PortalRoute, ROUTES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { pageOf, SCREENS } from './screens';

describe('the screen registry', () => {
  it('gives every route of the contract a screen', () => {
    expect(Object.keys(SCREENS).sort()).toEqual(ROUTES.map((route) => route.path).sort());
  });

  it.each(ROUTES.map((route) => [route.path, route] as const))(
    "route '%s' names a page component that exists",
    async (_path, route) => {
      const { load, exportName } = pageOf(route);
      expect(typeof (await load())[exportName]).toBe('function');
    },
    // The first page loaded pulls in MUI and the app's shared code: seconds on a loaded machine.
    60_000,
  );

  it('refuses a route naming a page that does not exist', () => {
    const route: PortalRoute = {
      path: 'nowhere',
      title: 'Nowhere',
      access: 'signed-in',
      menu: false,
      page: 'nope/NopePage',
    };
    expect(() => pageOf(route)).toThrow("Route 'nowhere' names page 'nope/NopePage', which does not exist");
  });
});
