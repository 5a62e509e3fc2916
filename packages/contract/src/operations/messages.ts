import { z } from 'zod';
import { odataList } from '../api';
import { MessageInputSchema, MessageSchema } from '../entities/banner-message';
import { operation } from '../operation';
import { idParam } from '../params';

const partnerStaff = { role: 'partner-staff' } as const;
const MessageIdParams = z.object({ id: idParam('message') });

// Banner messages of a partner. Everyone reads the current ones; the partner's own staff write them.

export const current = operation({
  method: 'GET',
  path: '/api/messages',
  summary: 'Current messages: open-ended, or with a start/end window that contains now (public: shown at sign-in)',
  access: 'public',
  response: odataList(MessageSchema),
});

export const all = operation({
  method: 'GET',
  path: '/api/messages/all',
  summary: "Every message of the staff member's partner, past and future too",
  access: partnerStaff,
  response: odataList(MessageSchema),
});

export const get = operation({
  method: 'GET',
  path: '/api/messages/:id',
  summary: "A message of the staff member's partner",
  access: partnerStaff,
  params: MessageIdParams,
  response: MessageSchema,
});

export const create = operation({
  method: 'POST',
  path: '/api/messages',
  summary: 'Add a message to the banner of the staff member’s partner',
  access: partnerStaff,
  body: MessageInputSchema,
  successStatus: 201,
  response: MessageSchema,
});

export const update = operation({
  method: 'PUT',
  path: '/api/messages/:id',
  summary: 'Change a message',
  access: partnerStaff,
  params: MessageIdParams,
  body: MessageInputSchema,
  response: MessageSchema,
});

export const remove = operation({
  method: 'DELETE',
  path: '/api/messages/:id',
  summary: 'Remove a message',
  access: partnerStaff,
  params: MessageIdParams,
  successStatus: 204,
  response: z.null(),
});
