import { findRoute, isOffered, type Permission, type RoutePath } from '@portal/contract';
import type { orderCountQueries } from './count-queries';

/** A place on the home page of a user the dashboard has nothing for (decision 0062). */
export interface HomeShortcut {
  path: RoutePath;
  description: string;
  /** The orders the shortcut leads to, counted (the route's permission is the count call's). */
  orders?: keyof typeof orderCountQueries;
}

/** Every candidate, in side-menu order; the search and help pages last. */
const SHORTCUTS: readonly HomeShortcut[] = [
  { path: 'mobile/estate', description: 'The mobile devices you look after' },
  { path: 'mobile/orders', description: 'Orders for your mobile lines and their progress', orders: 'mobile' },
  { path: 'broadband/estate', description: 'The broadband contracts you look after' },
  { path: 'broadband/orders', description: 'Orders for your broadband lines and their progress', orders: 'broadband' },
  { path: 'my-bills', description: 'Bills and call records' },
  { path: 'sites/view', description: 'Sites and their addresses' },
  { path: 'teams/view', description: 'Teams and their members' },
  { path: 'users/view', description: 'Who may use the portal, and what they may do' },
  // The reseller console (decision 0223): the home page of the partner's staff.
  { path: 'console/customers', description: 'Your customers, their users and their estates' },
  { path: 'console/messages', description: 'The messages in your customers’ banner' },
  { path: 'console/faqs', description: 'The questions and answers your customers read' },
  { path: 'console/branding', description: 'Your logo and colours' },
  { path: 'console/settings', description: 'Your contacts, address and portal settings' },
  { path: 'search', description: 'Find a device, contract, order, site or team by name or number' },
  { path: 'faq', description: 'Answers to common questions' },
  { path: 'contact', description: 'How to reach us' },
  { path: 'account', description: 'Your details and your password' },
];

/**
 * The shortcuts the caller can really open: their route is permitted (spec 2.1), so the home page never invites
 * anyone to a page they are sent away from; and, like the side menu, none of a customer's estate screens for the
 * reseller's staff.
 */
export function homeShortcuts(held: ReadonlyArray<Permission>, roles: ReadonlyArray<string>): HomeShortcut[] {
  return SHORTCUTS.filter((shortcut) => isOffered(findRoute(shortcut.path), held, roles));
}

export function shortcutTitle(shortcut: HomeShortcut): string {
  return findRoute(shortcut.path).title;
}
