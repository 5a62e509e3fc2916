import { type AccessType, type FunctionalityCode, hasPermission, type Permission } from '@portal/contract';

/** Which parts of the dashboard a user sees (spec 2.5 and 6). */
export interface DashboardSections {
  /** ViewMyBills Read: unbilled calls and latest bill tiles, the monthly cost chart and the My Bills table. */
  bills: boolean;
  /** MobileUserEstate Read: the device count (in the estate tile) and the monthly mobile usage card. */
  mobile: boolean;
  /** BroadbandUserEstate Read: the broadband contract count (in the estate tile). */
  broadband: boolean;
}

/** The permission each section needs. */
export const DASHBOARD_SECTION_PERMISSIONS = {
  bills: ['ViewMyBills', 'Read'],
  mobile: ['MobileUserEstate', 'Read'],
  broadband: ['BroadbandUserEstate', 'Read'],
} as const satisfies Record<keyof DashboardSections, readonly [FunctionalityCode, AccessType]>;

/** The sections of a permission list (for prefetching before React renders; pages use `useCan`). */
export function dashboardSections(held: ReadonlyArray<Permission>): DashboardSections {
  const { bills, mobile, broadband } = DASHBOARD_SECTION_PERMISSIONS;
  return {
    bills: hasPermission(held, ...bills),
    mobile: hasPermission(held, ...mobile),
    broadband: hasPermission(held, ...broadband),
  };
}

/** A user with none of them gets a welcome instead of an empty grid. */
export function hasDashboardContent(sections: DashboardSections): boolean {
  return sections.bills || sections.mobile || sections.broadband;
}
