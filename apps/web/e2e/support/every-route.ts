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
import type { ApiSession } from './api-session';

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

/**
 * A spend alert rule of the account's: its first, else (for an account that may write rules) one added for the sweep,
 * the demo data having none: a company-wide bill-month cost rule telling the account itself.
 */
async function spendAlertRule(session: ApiSession) {
  const first = await session.get<{ value: Array<{ id: number }> }>('/api/spendAlerts?$top=1&$orderby=name');
  if (first === undefined) return undefined;
  if (first.value[0]) return { ruleId: String(first.value[0].id) };
  const self = await searchParams(session, 'User', [session.userName]);
  if (self?.userId === undefined) return undefined;
  const added = (await session
    .send('POST', '/api/spendAlerts', {
      name: 'Sweep: monthly spend',
      scope: 'company',
      measure: 'cost',
      period: 'billMonth',
      threshold: 5000,
      notifyUserIds: [Number(self.userId)],
    })
    .catch(() => undefined)) as { id: number } | undefined;
  return added ? { ruleId: String(added.id) } : undefined;
}

/** The first customer company of a partner staff member's partner (the reseller console, decision 0219). */
async function firstCustomer(session: ApiSession) {
  const list = await session.get<{ value: Array<{ id: number }> }>('/api/console/customers?$top=1&$select=id');
  const id = list?.value[0]?.id;
  return id === undefined ? undefined : { companyId: String(id) };
}

/** A customer user of the staff member's partner to view the portal as (decision 0220): the first customer's first. */
async function customerUserToView(session: ApiSession) {
  const customer = await firstCustomer(session);
  if (!customer) return undefined;
  const users = await session.get<{ value: Array<{ id: number }> }>(
    `/api/console/customers/${customer.companyId}/users?$top=1&$select=id`,
  );
  const id = users?.value[0]?.id;
  return id === undefined ? undefined : { userId: String(id) };
}

/** Where a route's parameters come from: the account's own lists, or the search over its estate. */
const PARAMS_OF: Partial<Record<RoutePath, (session: ApiSession) => Promise<Record<string, string> | undefined>>> = {
  'mobile/orders/:orderId': (session) => firstOrder(session, 'mobile'),
  'broadband/orders/:orderId': (session) => firstOrder(session, 'broadband'),
  'users/edit/:userId': (session) => searchParams(session, 'User', [session.userName]),
  'spend-alerts/edit/:ruleId': spendAlertRule,
  'console/customers/:companyId': firstCustomer,
  'console/view-as/:userId': customerUserToView,
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

export interface PagePath {
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
export async function permittedPaths(session: ApiSession, others: Map<RoutePath, string>): Promise<PagePath[]> {
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
export async function openInApp(page: Page, path: string): Promise<void> {
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
