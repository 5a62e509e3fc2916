import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/** The caller's notices as a list pages and filters them (`readAt eq null` for the unread), newest first. */
export const notificationsResource = defineODataResource<Database, 'notifications'>()({
  name: 'notifications',
  fields: {
    id: { type: 'number', column: 'notifications.id' },
    createdAt: { type: 'datetime', column: 'notifications.created_at' },
    readAt: { type: 'datetime', column: 'notifications.read_at', nullable: true },
  },
  key: 'notifications.id',
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
  maxTop: 100,
});
