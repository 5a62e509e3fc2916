import { type Permission, type PortalRoute, ROUTES, type RoutePath } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactElement } from 'react';

/** Starts a screen's first data calls, given the caller's permissions (only calls they allow: a 403 ends the session). */
export type PrefetchData = (queryClient: QueryClient, held: ReadonlyArray<Permission>) => void;

/** What the app knows of one screen: built from its route's entry, used by the routes and the first-screen preloading. */
export interface Screen {
  /** Downloads the screen's code (each screen is its own chunk); preloading calls it before React asks. */
  load: () => Promise<unknown>;
  /** The page, drawn once its code has loaded (the route puts it in a Suspense boundary). */
  element: ReactElement;
  /** Loads the function that starts the screen's first data, for a screen worth a head start on a fresh page load. */
  loadPrefetch?: () => Promise<PrefetchData>;
}

/** Every page module a route may name (contract `PortalRoute.page`), each loaded on its own when first needed. */
const PAGE_MODULES = import.meta.glob<Record<string, unknown>>('../features/*/*Page.tsx');

/** The module loader and export a route's `page` names; throws at start-up, not on a visit, if either is missing. */
export function pageOf(route: PortalRoute): { load: () => Promise<Record<string, unknown>>; exportName: string } {
  const [file = '', named] = route.page.split('#');
  const load = PAGE_MODULES[`../features/${file}.tsx`];
  if (load === undefined) throw new Error(`Route '${route.path}' names page '${route.page}', which does not exist`);
  return { load, exportName: named ?? file.slice(file.lastIndexOf('/') + 1) };
}

function screenOf(route: PortalRoute, loadPrefetch?: () => Promise<PrefetchData>): Screen {
  const { load, exportName } = pageOf(route);
  const Page = lazy(async () => {
    const Component = (await load())[exportName] as ComponentType<Record<string, string>> | undefined;
    if (Component === undefined) throw new Error(`Page '${route.page}' has no export '${exportName}'`);
    return { default: () => <Component {...route.props} /> };
  });
  return { load, element: <Page />, ...(loadPrefetch ? { loadPrefetch } : {}) };
}

/** The signed-in frame around every guarded screen. */
export const loadShell = () => import('./shell/AppShell');

// Only the first-screen data, not the page: nothing of it weighs on the sign-in page.
const loadFirstScreenData = () => import('../features/dashboard/first-screen-data');

/** The screens worth a head start on their data when a fresh page load lands on them. */
const FIRST_DATA: Partial<Record<RoutePath, () => Promise<PrefetchData>>> = {
  '': () => loadFirstScreenData().then((m) => m.prefetchDashboardData),
  'my-bills': () => loadFirstScreenData().then((m) => m.prefetchMyBillsData),
};

/** Every route of the contract's route table (spec 2.2) and its screen. */
export const SCREENS = Object.fromEntries(
  ROUTES.map((route) => [route.path, screenOf(route, FIRST_DATA[route.path])]),
) as Readonly<Record<RoutePath, Screen>>;
