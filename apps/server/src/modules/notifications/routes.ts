import { API } from '@portal/contract';
import { principalOf } from '../../auth/route-access.js';
import { actorOf, operationRoutes } from '../operation-routes.js';
import { listNotices, unreadCount } from './repository.js';
import { markAllNoticesRead, markNoticeRead, undoBar } from './service.js';

/** The caller's own notices (decision 0214): the list, the badge's count, reading them, and lifting an alert's bar. */
export const notificationRoutes = operationRoutes(API.notifications, () => ({
  list: ({ scope, query }) => listNotices(scope, query),
  unreadCount: async ({ scope }) => ({ unread: await unreadCount(scope) }),
  markRead: ({ scope, params }) => markNoticeRead(scope, params.id),
  markAllRead: ({ scope }) => markAllNoticesRead(scope),
  undoBar: ({ scope, request, params }) =>
    undoBar(scope, actorOf(scope, request), principalOf(request).userName, params.id),
}));
