import type { AccessType, FunctionalityCode, SearchResult, SearchResultType } from '@portal/contract';
import type { EstateScope } from '../../scope/estate-scope.js';
import {
  type FoundQuery,
  findFaqs,
  findInSections,
  findLines,
  findOrders,
  findSites,
  findTeams,
  findUsers,
} from './repository.js';
import type { SearchTerm } from './search-term.js';

type Grant = readonly [FunctionalityCode, AccessType];

/**
 * One searchable kind of thing: what a caller needs to see it (any of the grants; none means any signed-in user),
 * the parameter its page takes, and how to find matches inside the caller's estate, best first.
 */
type Finder = {
  type: SearchResultType;
  needs: readonly Grant[];
  param: string;
  find(scope: EstateScope, term: SearchTerm, limit: number): FoundQuery;
};

/** In the order the search page shows its sections (spec 2.17). */
const finders: readonly Finder[] = [
  {
    type: 'MobileDevice',
    needs: [
      ['EndPointSummary', 'Read'],
      ['MobileUserEstate', 'Read'],
    ],
    param: 'cli',
    find: (scope, term, limit) => findLines(scope, 1, term, limit),
  },
  {
    type: 'BroadbandContract',
    needs: [
      ['EndPointSummary', 'Read'],
      ['BroadbandUserEstate', 'Read'],
    ],
    param: 'cli',
    find: (scope, term, limit) => findLines(scope, 3, term, limit),
  },
  {
    type: 'MobileOrder',
    needs: [['MobileOrders', 'Read']],
    param: 'orderId',
    find: (scope, term, limit) => findOrders(scope, 'mobile', term, limit),
  },
  {
    type: 'BroadbandOrder',
    needs: [['BroadbandOrders', 'Read']],
    param: 'orderId',
    find: (scope, term, limit) => findOrders(scope, 'broadband', term, limit),
  },
  {
    type: 'Site',
    needs: [
      ['ManageSite', 'Read'],
      ['MobileSiteEstate', 'Read'],
      ['BroadbandSiteEstate', 'Read'],
    ],
    param: 'siteId',
    find: findSites,
  },
  {
    type: 'Team',
    needs: [
      ['ManageTeam', 'Read'],
      ['MobileTeamEstate', 'Read'],
    ],
    param: 'teamId',
    find: findTeams,
  },
  { type: 'User', needs: [['ManageUser', 'Read']], param: 'userId', find: findUsers },
  { type: 'Faq', needs: [], param: 'faqId', find: findFaqs },
];

export type SearchOptions = { type?: SearchResultType | undefined; count: number; top?: number | undefined };

/**
 * Searches everything the caller may open, inside their estate: up to `count` results of each type, best matches
 * first, and at most `top` in all.
 */
export async function search(scope: EstateScope, term: SearchTerm, options: SearchOptions): Promise<SearchResult[]> {
  const permitted = finders.filter(
    (finder) =>
      (!options.type || finder.type === options.type) &&
      (finder.needs.length === 0 || finder.needs.some(([code, access]) => scope.caller.can(code, access))),
  );
  const found = await findInSections(
    scope,
    permitted.map((finder) => finder.find(scope, term, options.count)),
  );
  const results = found.map(({ section, id, param, name, reference }) => {
    const finder = permitted[section] as Finder;
    return {
      type: finder.type,
      id,
      params: { [finder.param]: param },
      name,
      ...(reference === null ? {} : { reference }),
    };
  });
  return options.top === undefined ? results : results.slice(0, options.top);
}
