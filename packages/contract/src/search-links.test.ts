import { describe, expect, it } from 'vitest';
import type { Permission } from './permissions';
import { searchResultPath } from './search-links';

const read = (code: Permission['code']): Permission => ({ code, accessType: 'Read' });

describe('searchResultPath', () => {
  it('opens a device page, falling back to the estate without EndPointSummary', () => {
    const device = { type: 'MobileDevice' as const, params: { cli: '07700 900123' } };
    expect(searchResultPath(device, [read('EndPointSummary')])).toBe('mobile/device/07700%20900123');
    expect(searchResultPath(device, [read('MobileUserEstate')])).toBe('mobile/estate');
  });

  it('opens a site form with Manage Sites, else the estate page the user may open', () => {
    const site = { type: 'Site' as const, params: { siteId: '12' } };
    expect(searchResultPath(site, [read('ManageSite'), read('MobileSiteEstate')])).toBe('sites/edit/12');
    expect(searchResultPath(site, [read('BroadbandSiteEstate')])).toBe('broadband/site/12');
    expect(searchResultPath(site, [])).toBeUndefined();
  });

  it('links orders, users, teams and FAQs', () => {
    expect(searchResultPath({ type: 'MobileOrder', params: { orderId: '7' } }, [read('MobileOrders')])).toBe(
      'mobile/orders/7',
    );
    expect(searchResultPath({ type: 'User', params: { userId: '3' } }, [read('ManageUser')])).toBe('users/edit/3');
    expect(searchResultPath({ type: 'Team', params: { teamId: '4' } }, [read('MobileTeamEstate')])).toBe(
      'mobile/team/4',
    );
    expect(searchResultPath({ type: 'Faq', params: { faqId: '1' } }, [])).toBe('faq');
  });

  it('skips a page whose parameter the result lacks', () => {
    expect(searchResultPath({ type: 'MobileDevice', params: {} }, [read('EndPointSummary')])).toBeUndefined();
  });
});
