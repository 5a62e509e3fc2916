import { hasPermission, type Permission } from '@portal/contract';

/** Which parts of the dashboard a user sees (spec 2.5 and 6). */
export interface DashboardSections {
  /** ViewMyBills Read: unbilled calls and latest bill tiles, the monthly cost chart and the My Bills table. */
  bills: boolean;
  /** MobileUserEstate Read: the device count (in the estate tile) and the monthly mobile usage card. */
  mobile: boolean;
  /** BroadbandUserEstate Read: the broadband contract count (in the estate tile). */
  broadband: boolean;
}

export function dashboardSections(held: ReadonlyArray<Permission>): DashboardSections {
  return {
    bills: hasPermission(held, 'ViewMyBills', 'Read'),
    mobile: hasPermission(held, 'MobileUserEstate', 'Read'),
    broadband: hasPermission(held, 'BroadbandUserEstate', 'Read'),
  };
}

/** A user with none of them gets a welcome instead of an empty grid. */
export function hasDashboardContent(sections: DashboardSections): boolean {
  return sections.bills || sections.mobile || sections.broadband;
}
