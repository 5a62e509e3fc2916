import { describe, expect, it } from 'vitest';
import type { Permission } from './permissions';
import { findRoute } from './routes';
import type { SideMenuEntry } from './side-menu';
import { SIDE_MENU, visibleSideMenu } from './side-menu';

const read = (code: Permission['code']): Permission => ({ code, accessType: 'Read' });

function labels(entries: ReadonlyArray<SideMenuEntry>): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'group'
      ? [entry.label, ...entry.children.map((child) => `${entry.label}/${child.label}`)]
      : [entry.label],
  );
}

describe('SIDE_MENU', () => {
  it('lists the entries of spec section 2.3 in order', () => {
    expect(labels(SIDE_MENU)).toEqual([
      'Home',
      'Mobile',
      'Mobile/Estate',
      'Mobile/Orders',
      'Broadband',
      'Broadband/Estate',
      'Broadband/Orders',
      'My Bills',
      'Scheduled reports',
      'Admin',
      'Admin/Manage Sites',
      'Admin/Manage Teams',
      'Admin/Manage Users',
      'Admin/Spend Alerts',
      'Admin/Company Security',
      'Admin/Audit Log',
      'Reseller console',
      'Reseller console/Customers',
      'Reseller console/Messages',
      'Reseller console/FAQs',
      'Reseller console/Branding',
      'Reseller console/Contacts and settings',
      'Single Sign-On Approvals',
      'FAQ',
      'Contact',
      'Account',
      'Logout',
    ]);
  });

  it('points every link at a route in the table', () => {
    for (const entry of SIDE_MENU) {
      const links = entry.kind === 'group' ? entry.children : entry.kind === 'link' ? [entry] : [];
      for (const link of links) {
        expect(() => findRoute(link.path)).not.toThrow();
      }
    }
  });
});

describe('visibleSideMenu', () => {
  it('shows only the sign-in entries and Logout with no permissions', () => {
    expect(labels(visibleSideMenu([]))).toEqual(['Home', 'Scheduled reports', 'FAQ', 'Contact', 'Account', 'Logout']);
  });

  it('keeps a group with only its permitted children', () => {
    const visible = labels(visibleSideMenu([read('BroadbandOrders'), read('ManageUser'), read('ViewMyBills')]));
    expect(visible).toEqual([
      'Home',
      'Broadband',
      'Broadband/Orders',
      'My Bills',
      'Scheduled reports',
      'Admin',
      'Admin/Manage Users',
      'FAQ',
      'Contact',
      'Account',
      'Logout',
    ]);
  });

  it("shows the reseller console's group only to the partner's staff", () => {
    expect(labels(visibleSideMenu([], ['partner-staff']))).toEqual([
      'Home',
      'Scheduled reports',
      'Reseller console',
      'Reseller console/Customers',
      'Reseller console/Messages',
      'Reseller console/FAQs',
      'Reseller console/Branding',
      'Reseller console/Contacts and settings',
      'Single Sign-On Approvals',
      'FAQ',
      'Contact',
      'Account',
      'Logout',
    ]);
    expect(labels(visibleSideMenu([], ['customer']))).not.toContain('Reseller console');
  });

  it("offers the partner's staff the console, not the customer's screens their functionality would open", () => {
    const everything = [read('MobileSiteEstate'), read('ViewMyBills'), read('ManageUser'), read('AuditLog')];
    expect(labels(visibleSideMenu(everything, ['partner-staff']))).toEqual(
      labels(visibleSideMenu([], ['partner-staff'])),
    );
    expect(labels(visibleSideMenu(everything, ['customer', 'partner-staff']))).toContain('Admin/Audit Log');
  });
});
