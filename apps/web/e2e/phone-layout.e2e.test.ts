import {
  canAccessRoute,
  fillRoutePath,
  type Permission,
  type PortalRoute,
  ROUTES,
  type RoutePath,
  type SearchResultType,
} from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './support/accounts';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { PHONE } from './support/browser';
import { NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

const PHONE_WIDTH = 390;

interface SearchAnswer {
  value: Array<{ type: SearchResultType; params: Record<string, string> }>;
}

// What the demo data names things (apps/server/src/db/seed/catalogue.ts): every site is '<town> <kind>', every team
// has one of the team names (but HR, too short a term, which no demo account's own team is), every mobile number
// starts 07 and a digit, every broadband line is named '... Broadband ####' or '... Fibre ####'.
const SEARCH_TERMS: Partial<Record<SearchResultType, readonly string[]>> = {
  Site: ['Office', 'Depot', 'Warehouse', 'Branch', 'Centre'],
  Team: [
    'Sales',
    'Operations',
    'Drivers',
    'Finance',
    'Customer Service',
    'Field Engineers',
    'Management',
    'Marketing',
    'IT Support',
    'Warehouse Staff',
    'Procurement',
  ],
  MobileDevice: ['071', '072', '073', '074', '075', '076', '077', '078', '079'],
  BroadbandContract: ['Broadband', 'Fibre'],
};

/** The parameters of the first search result of `type` the account may see, trying each term in turn. */
async function searchParams(session: ApiSession, type: SearchResultType, terms: readonly string[]) {
  for (const term of terms) {
    const query = new URLSearchParams({ searchTerm: term, type, count: '1' });
    const found = (await session.get<SearchAnswer>(`/api/companies/search?${query}`))?.value[0];
    if (found) return found.params;
  }
  return undefined;
}

async function firstOrder(session: ApiSession, kind: 'mobile' | 'broadband') {
  const list = await session.get<{ value: Array<{ orderId: number }> }>(`/api/orders/${kind}?$top=1&$select=orderId`);
  const orderId = list?.value[0]?.orderId;
  return orderId === undefined ? undefined : { orderId: String(orderId) };
}

/** Where a route's parameters come from: the account's own lists, or the search over its estate. */
const PARAMS_OF: Partial<Record<RoutePath, (session: ApiSession) => Promise<Record<string, string> | undefined>>> = {
  'mobile/orders/:orderId': (session) => firstOrder(session, 'mobile'),
  'broadband/orders/:orderId': (session) => firstOrder(session, 'broadband'),
  'users/edit/:userId': (session) => searchParams(session, 'User', [session.userName]),
};
const SEARCHED: Partial<Record<RoutePath, SearchResultType>> = {
  'sites/edit/:siteId': 'Site',
  'mobile/site/:siteId': 'Site',
  'broadband/site/:siteId': 'Site',
  'teams/edit/:teamId': 'Team',
  'mobile/team/:teamId': 'Team',
  'mobile/device/:cli': 'MobileDevice',
  'broadband/contract/:cli': 'BroadbandContract',
};

interface PagePath {
  path: string;
  /** Filled with another account's id: this account has nothing of its own for the route. */
  borrowed: boolean;
}

/**
 * The paths of every route the account may open, parameters filled with ids of its own data. An account may hold
 * a route's permission and have nothing of its own to show there (acme.finance has no broadband line, the partner
 * staff have no estate at all): the route gets another account's id from `others`, and its not-found page must fit
 * all the same.
 */
async function permittedPaths(session: ApiSession, others: Map<RoutePath, string>): Promise<PagePath[]> {
  const functionality = await session.get<{ value: Permission[] }>('/api/profiles/myFunctionality');
  const held = functionality?.value ?? [];
  const paths: PagePath[] = [];
  for (const route of ROUTES as readonly (PortalRoute & { path: RoutePath })[]) {
    if (!canAccessRoute(route, held, session.roles)) continue;
    if (!route.path.includes(':')) {
      paths.push({ path: `/${route.path}`, borrowed: false });
      continue;
    }
    const searched = SEARCHED[route.path];
    const params = searched
      ? await searchParams(session, searched, SEARCH_TERMS[searched] ?? [])
      : await PARAMS_OF[route.path]?.(session);
    const path = params ? `/${fillRoutePath(route.path, params)}` : others.get(route.path);
    if (path === undefined) throw new Error(`${session.userName} may open ${route.path} but no id was found for it`);
    if (!others.has(route.path)) others.set(route.path, path);
    paths.push({ path, borrowed: params === undefined });
  }
  return paths;
}

/**
 * Goes to `path` inside the running app (a router navigation, as a link does, without reloading the app) and
 * waits until its page has drawn its heading and finished loading.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const heading of Array.from(document.querySelectorAll('h1'))) heading.setAttribute('data-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1:not([data-left])');
    const busy = document.querySelector('[role="progressbar"], .MuiSkeleton-root, [aria-busy="true"]');
    return heading !== null && heading.textContent !== '' && busy === null;
  });
  // One more frame, so what the data drew has been laid out.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

interface Overflow {
  scrollWidth: number;
  /** Visible elements whose right edge is past the screen's, unless a narrower scrolling or clipping box holds them. */
  sticksOut: string[];
}

function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate((width) => {
    function label(element: Element): string {
      const id = element.id ? `#${element.id}` : '';
      const classes = Array.from(element.classList)
        .filter((name) => !name.startsWith('css-'))
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      const right = Math.round(element.getBoundingClientRect().right);
      return `${element.tagName.toLowerCase()}${id}${classes} right=${right} "${text}"`;
    }
    function clipped(element: Element): boolean {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    }
    const outermost: Element[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
      if (getComputedStyle(element).visibility === 'hidden' || clipped(element)) continue;
      // Its children say nothing new.
      if (outermost.some((offender) => offender.contains(element))) continue;
      outermost.push(element);
    }
    return { scrollWidth: document.documentElement.scrollWidth, sticksOut: outermost.slice(0, 8).map(label) };
  }, PHONE_WIDTH);
}

describe('phone layout', () => {
  const portal = usePortal();
  // Ids of the accounts before, for routes an account may open without having anything of its own there.
  const others = new Map<RoutePath, string>();

  for (const userName of DEMO_ACCOUNTS) {
    it(`fits every page ${userName} may open into a ${PHONE_WIDTH} px wide screen`, async () => {
      const session = await signInThroughApi(portal.server.baseUrl, userName);
      const paths = await permittedPaths(session, others);
      const { page, problems } = await portal.open(PHONE, session.storage);
      let current: PagePath | undefined;
      const notFoundOn: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404) notFoundOn.push(current?.path ?? page.url());
      });
      await page.goto('/faq');

      const wide: Array<{ path: string } & Overflow> = [];
      for (const entry of paths) {
        current = entry;
        await openInApp(page, entry.path);
        expect(new URL(page.url()).pathname, `${userName} was sent away from ${entry.path}`).toBe(entry.path);
        const overflow = await measureOverflow(page);
        if (overflow.scrollWidth > PHONE_WIDTH || overflow.sticksOut.length > 0) {
          wide.push({ path: entry.path, ...overflow });
        }
      }
      expect(wide).toEqual([]);
      expect(paths.length).toBeGreaterThan(5);

      // Another account's id is not found, and that is the only failure there may be.
      const borrowed = new Set(paths.filter((entry) => entry.borrowed).map((entry) => entry.path));
      expect(notFoundOn.filter((path) => !borrowed.has(path))).toEqual([]);
      const { failedRequests, consoleErrors, ...rest } = await problems();
      expect({
        failedRequests: failedRequests.filter((failure) => !failure.endsWith(': HTTP 404')),
        consoleErrors: consoleErrors.filter((error) => !error.includes('status of 404 (Not Found)')),
        ...rest,
      }).toEqual(NO_PROBLEMS);
    });
  }
});
