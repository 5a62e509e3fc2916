import type { SearchResult, SearchResultType } from './entities/help-and-search';
import type { Permission } from './permissions';
import { canAccessRoute, fillRoutePath, findRoute, type RoutePath } from './routes';

/** The search page's section titles (spec 2.17), also the type-ahead's label of each result. */
export const SEARCH_RESULT_TYPE_TITLES: Record<SearchResultType, string> = {
  MobileDevice: 'Mobile Devices',
  BroadbandContract: 'Broadband Contracts',
  MobileOrder: 'Mobile Orders',
  BroadbandOrder: 'Broadband Orders',
  Site: 'Sites',
  Team: 'Teams',
  User: 'Users',
  Faq: 'FAQs',
};

/**
 * The pages a result can open, best first: the first one the user may open wins. A site found through the estate
 * permissions opens its estate page; one found through Manage Sites opens the site form.
 */
const RESULT_ROUTES: Record<SearchResultType, readonly RoutePath[]> = {
  MobileDevice: ['mobile/device/:cli', 'mobile/estate'],
  BroadbandContract: ['broadband/contract/:cli'],
  MobileOrder: ['mobile/orders/:orderId'],
  BroadbandOrder: ['broadband/orders/:orderId'],
  Site: ['sites/edit/:siteId', 'mobile/site/:siteId', 'broadband/site/:siteId'],
  Team: ['teams/edit/:teamId', 'mobile/team/:teamId'],
  User: ['users/edit/:userId'],
  Faq: ['faq'],
};

/** The app path (without leading slash) a result links to, or undefined if the user may open none of its pages. */
export function searchResultPath(
  result: Pick<SearchResult, 'type' | 'params'>,
  held: ReadonlyArray<Permission>,
  roles: ReadonlyArray<string> = [],
): string | undefined {
  for (const path of RESULT_ROUTES[result.type]) {
    if (!canAccessRoute(findRoute(path), held, roles)) continue;
    try {
      return fillRoutePath(path, result.params);
    } catch {
      // The result lacks this page's parameter: try the next page.
    }
  }
  return undefined;
}
