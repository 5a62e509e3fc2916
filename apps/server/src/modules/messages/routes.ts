import { ApiDateTimeSchema, IdParamSchema, type Message, MessageSchema, odataList } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { principalOf } from '../../auth/route-access.js';
import { apiInstant } from '../../db/api-instant.js';
import { writeAs } from '../../db/audit.js';
import { errorResponses, notFound } from '../../http/errors.js';
import { partnerIdOf } from '../partners/partner-of-request.js';

const MessageInputSchema = z
  .object({
    text: z.string().trim().min(1).max(1000),
    startDate: ApiDateTimeSchema.nullish(),
    endDate: ApiDateTimeSchema.nullish(),
  })
  .refine((m) => !m.startDate || !m.endDate || Date.parse(m.endDate) > Date.parse(m.startDate), {
    message: 'endDate must be after startDate',
    path: ['endDate'],
  });
const IdParams = z.object({ id: IdParamSchema });
const partnerStaff = { role: 'partner-staff' } as const;

type MessageRow = { id: number; text: string; start_date: Date | null; end_date: Date | null };

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    text: row.text,
    ...(row.start_date ? { startDate: row.start_date.toISOString() } : {}),
    ...(row.end_date ? { endDate: row.end_date.toISOString() } : {}),
  };
}

/** Banner messages of a partner. Everyone reads the current ones; the partner's own staff write them. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  // Rows written before the API checked its dates may lie outside the range it can answer: shown at its edge.
  const messages = () =>
    db.selectFrom('messages').select(['id', 'text', apiInstant('start_date'), apiInstant('end_date')]);

  app.get(
    '/api/messages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['messages'],
        summary:
          'Current messages: open-ended, or with a start/end window that contains now (public: shown at sign-in)',
        response: { 200: odataList(MessageSchema) },
      },
    },
    async (request) => {
      const rows = await messages()
        .where('partner_id', '=', await partnerIdOf(request))
        .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', sql<Date>`now()`)]))
        .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', sql<Date>`now()`)]))
        .orderBy('start_date')
        .orderBy('id')
        .execute();
      return { value: rows.map(toMessage) };
    },
  );

  app.get(
    '/api/messages/all',
    {
      config: { access: partnerStaff },
      schema: {
        tags: ['messages'],
        summary: "Every message of the staff member's partner, past and future too",
        response: { 200: odataList(MessageSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const rows = await messages()
        .where('partner_id', '=', principalOf(request).partnerId)
        .orderBy('id', 'desc')
        .execute();
      return { value: rows.map(toMessage), '@odata.count': rows.length };
    },
  );

  app.get(
    '/api/messages/:id',
    {
      config: { access: partnerStaff },
      schema: {
        tags: ['messages'],
        params: IdParams,
        response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await messages()
        .where('id', '=', request.params.id)
        .where('partner_id', '=', principalOf(request).partnerId)
        .executeTakeFirst();
      if (!row) throw notFound('No such message');
      return toMessage(row);
    },
  );

  app.post(
    '/api/messages',
    {
      config: { access: partnerStaff },
      schema: {
        tags: ['messages'],
        body: MessageInputSchema,
        response: { 201: MessageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const row = await writeAs(db, { userId: principal.userId, requestId: request.id }, (trx) =>
        trx
          .insertInto('messages')
          .values({
            partner_id: principal.partnerId,
            text: request.body.text,
            start_date: request.body.startDate ?? null,
            end_date: request.body.endDate ?? null,
          })
          .returning(['id', 'text', apiInstant('start_date'), apiInstant('end_date')])
          .executeTakeFirstOrThrow(),
      );
      return reply.code(201).send(toMessage(row));
    },
  );

  app.put(
    '/api/messages/:id',
    {
      config: { access: partnerStaff },
      schema: {
        tags: ['messages'],
        params: IdParams,
        body: MessageInputSchema,
        response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const row = await writeAs(db, { userId: principal.userId, requestId: request.id }, (trx) =>
        trx
          .updateTable('messages')
          .set({
            text: request.body.text,
            start_date: request.body.startDate ?? null,
            end_date: request.body.endDate ?? null,
          })
          .where('id', '=', request.params.id)
          .where('partner_id', '=', principal.partnerId)
          .returning(['id', 'text', apiInstant('start_date'), apiInstant('end_date')])
          .executeTakeFirst(),
      );
      if (!row) throw notFound('No such message');
      return toMessage(row);
    },
  );

  app.delete(
    '/api/messages/:id',
    {
      config: { access: partnerStaff },
      schema: {
        tags: ['messages'],
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const deleted = await writeAs(db, { userId: principal.userId, requestId: request.id }, (trx) =>
        trx
          .deleteFrom('messages')
          .where('id', '=', request.params.id)
          .where('partner_id', '=', principal.partnerId)
          .executeTakeFirst(),
      );
      if (Number(deleted.numDeletedRows) === 0) throw notFound('No such message');
      return reply.code(204).send(null);
    },
  );
};
