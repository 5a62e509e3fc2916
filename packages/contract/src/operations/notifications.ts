import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import { EmptyReplySchema } from '../auth-api';
import { NotificationSchema, UnreadCountSchema } from '../entities/spend-alerts';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';
import { idParam } from '../params';

// The caller's own in-portal notices (docs/decisions/0214), newest first. Whichever company the filter shows, a
// user's notices are theirs; each names its company.

const NotificationIdParams = z.object({ id: idParam('notification') });

export const list = operation({
  method: 'GET',
  path: '/api/notifications',
  summary: "The caller's notices, newest first (OData: $top, $skip, $count; $filter=readAt eq null for the unread)",
  access: 'signed-in',
  wholeEstate: true,
  query: ODataQuerySchema.pick({ $top: true, $skip: true, $count: true, $filter: true }),
  response: odataList(NotificationSchema),
});

export const unreadCount = operation({
  method: 'GET',
  path: '/api/notifications/unreadCount',
  summary: "How many of the caller's notices are unread (the shell's badge polls it)",
  access: 'signed-in',
  wholeEstate: true,
  response: UnreadCountSchema,
});

export const markRead = operation({
  method: 'POST',
  path: '/api/notifications/:id/read',
  summary: "Mark one of the caller's notices read (404 when it is not theirs)",
  access: 'signed-in',
  wholeEstate: true,
  params: NotificationIdParams,
  response: EmptyReplySchema,
});

export const markAllRead = operation({
  method: 'POST',
  path: '/api/notifications/readAll',
  summary: "Mark every notice of the caller's read",
  access: 'signed-in',
  wholeEstate: true,
  response: UnreadCountSchema,
});

export const undoBar = operation({
  method: 'POST',
  path: '/api/notifications/:id/undoBar',
  summary:
    "Lift the bar a spend alert placed on a device, from the caller's notice of it: a call barring request through the device's carrier, answered 202 (404 when the notice or the device is not the caller's; 409 when there is no bar of the alert's to lift)",
  access: anyOf('Write', 'EndPointCallBarring'),
  wholeEstate: true,
  params: NotificationIdParams,
  successStatus: 202,
  response: NotificationSchema,
});
