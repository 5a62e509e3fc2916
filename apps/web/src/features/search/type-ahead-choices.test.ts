import type { Permission, SearchResult } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { RETRY_SEARCH, resultDetail, typeAheadChoices, VIEW_ALL_RESULTS } from './type-ahead-choices';
import type { TypedSearch } from './useSearch';

const held: Permission[] = [
  { code: 'EndPointSummary', accessType: 'Read' },
  { code: 'MobileOrders', accessType: 'Read' },
];
const device: SearchResult = {
  type: 'MobileDevice',
  id: 7,
  params: { cli: '07700900123' },
  name: 'Van 12',
  reference: '07700900123',
};
const order: SearchResult = { type: 'MobileOrder', id: 3, params: { orderId: '3' }, name: 'MOB-100028' };
const site: SearchResult = { type: 'Site', id: 4, params: { siteId: '4' }, name: 'Leeds Depot' };

function search(state: Partial<TypedSearch> & Pick<TypedSearch, 'status'>): TypedSearch {
  return { term: 'MOB-1000', settledTerm: 'MOB-1000', ...state } as TypedSearch;
}

describe('type-ahead choices', () => {
  it('offers nothing below 3 characters', () => {
    expect(typeAheadChoices(search({ status: 'idle' }), held, [])).toEqual([]);
  });

  it('offers only the typed term’s search page while it is searched', () => {
    expect(typeAheadChoices(search({ status: 'searching' }), held, [])).toEqual([
      { key: 'view-all', kind: 'view-all', primary: VIEW_ALL_RESULTS, to: '/search?searchTerm=MOB-1000' },
    ]);
  });

  it('offers another try first after a failure', () => {
    const choices = typeAheadChoices(search({ status: 'failed', retry: () => undefined }), held, []);
    expect(choices.map((choice) => choice.primary)).toEqual([RETRY_SEARCH, VIEW_ALL_RESULTS]);
  });

  it('lists the results the user may open, each with its number before its kind, then the search page', () => {
    const choices = typeAheadChoices(search({ status: 'answered', results: [device, order, site] }), held, []);
    expect(choices).toEqual([
      {
        key: 'MobileDevice-7',
        kind: 'result',
        primary: 'Van 12',
        secondary: '07700900123 · Mobile Devices',
        to: '/mobile/device/07700900123',
      },
      {
        key: 'MobileOrder-3',
        kind: 'result',
        primary: 'MOB-100028',
        secondary: 'Mobile Orders',
        to: '/mobile/orders/3',
      },
      { key: 'view-all', kind: 'view-all', primary: VIEW_ALL_RESULTS, to: '/search?searchTerm=MOB-1000' },
    ]);
  });

  it('names the kind alone when a result has no number', () => {
    expect(resultDetail(site)).toBe('Sites');
  });
});
