import type { Notification, NotificationBarState } from '@portal/contract';

/** The bell's name, with the count a screen reader cannot see in the badge. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

export const BAR_STATE_LABELS: Record<NotificationBarState, string> = {
  requested: 'Bar requested',
  applied: 'Barred',
  failed: 'Bar failed',
  undoRequested: 'Undo requested',
  undone: 'Bar lifted',
};

/** What the bar stops, as the notice says it. */
export const BAR_KIND_LABELS = { data: 'mobile data', calls: 'chargeable calls' } as const;

/** A bar that is on or on its way can be undone; one failed, being undone or lifted cannot. */
export function canUndoBar(notice: Pick<Notification, 'bar'>): boolean {
  return notice.bar?.state === 'applied' || notice.bar?.state === 'requested';
}

/** Whether a notice's bar is still waiting on the carrier, so the page keeps asking until it settles. */
export function barSettling(notice: Pick<Notification, 'bar'>): boolean {
  return notice.bar?.state === 'requested' || notice.bar?.state === 'undoRequested';
}
