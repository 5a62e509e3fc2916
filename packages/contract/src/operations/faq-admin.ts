import { z } from 'zod';
import { odataList } from '../api';
import { ConsoleFaqSchema, FaqInputSchema, FaqMoveSchema } from '../entities/faq-admin';
import { operation } from '../operation';
import { idParam } from '../params';

// The partner's FAQs, written by its own staff in the reseller console (docs/decisions/0217). Customers read them
// through partners.faqs.

const partnerStaff = { role: 'partner-staff' } as const;
const FaqIdParams = z.object({ id: idParam('faq') });

export const list = operation({
  method: 'GET',
  path: '/api/console/faqs',
  summary: "The FAQs of the staff member's partner, in the order the FAQ page shows them",
  access: partnerStaff,
  response: odataList(ConsoleFaqSchema),
});

export const create = operation({
  method: 'POST',
  path: '/api/console/faqs',
  summary: "Add a question (Markdown answer) at the end of the partner's FAQs",
  access: partnerStaff,
  body: FaqInputSchema,
  successStatus: 201,
  response: ConsoleFaqSchema,
});

export const update = operation({
  method: 'PUT',
  path: '/api/console/faqs/:id',
  summary: "Change a question of the partner's FAQs; its place stays",
  access: partnerStaff,
  params: FaqIdParams,
  body: FaqInputSchema,
  response: ConsoleFaqSchema,
});

export const move = operation({
  method: 'POST',
  path: '/api/console/faqs/:id/move',
  summary: "Move a question one place up or down the partner's FAQs; answers the FAQs in their new order",
  access: partnerStaff,
  params: FaqIdParams,
  body: FaqMoveSchema,
  response: odataList(ConsoleFaqSchema),
});

export const remove = operation({
  method: 'DELETE',
  path: '/api/console/faqs/:id',
  summary: "Remove a question from the partner's FAQs",
  access: partnerStaff,
  params: FaqIdParams,
  successStatus: 204,
  response: z.null(),
});
