import type { MessageInput } from '@portal/contract';
import { sql } from 'kysely';
import { apiInstant } from '../../db/api-instant.js';
import { type Actor, writeAs } from '../../db/audit.js';
import type { PartnerScope } from '../../scope/partner-scope.js';

export type MessageRow = { id: number; text: string; start_date: Date | null; end_date: Date | null };

// Rows written before the API checked its dates may lie outside the range it can answer: read at its edge.
const MESSAGE_COLUMNS = ['id', 'text', apiInstant('start_date'), apiInstant('end_date')] as const;

function messagesOf(partner: PartnerScope) {
  return partner.db.selectFrom('messages').select(MESSAGE_COLUMNS).where('partner_id', '=', partner.partnerId);
}

/** The partner's messages showing now: open-ended, or with a start/end window that contains now. */
export function currentMessages(partner: PartnerScope): Promise<MessageRow[]> {
  return messagesOf(partner)
    .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', sql<Date>`now()`)]))
    .orderBy('start_date')
    .orderBy('id')
    .execute();
}

/** Every message of the partner, newest first. */
export function allMessages(partner: PartnerScope): Promise<MessageRow[]> {
  return messagesOf(partner).orderBy('id', 'desc').execute();
}

export function findMessage(partner: PartnerScope, id: number): Promise<MessageRow | undefined> {
  return messagesOf(partner).where('id', '=', id).executeTakeFirst();
}

export function insertMessage(partner: PartnerScope, actor: Actor, input: MessageInput): Promise<MessageRow> {
  return writeAs(partner.db, actor, (trx) =>
    trx
      .insertInto('messages')
      .values({
        partner_id: partner.partnerId,
        text: input.text,
        start_date: input.startDate ?? null,
        end_date: input.endDate ?? null,
      })
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirstOrThrow(),
  );
}

/** The changed message, or undefined when the partner has no such message. */
export function updateMessage(
  partner: PartnerScope,
  actor: Actor,
  id: number,
  input: MessageInput,
): Promise<MessageRow | undefined> {
  return writeAs(partner.db, actor, (trx) =>
    trx
      .updateTable('messages')
      .set({ text: input.text, start_date: input.startDate ?? null, end_date: input.endDate ?? null })
      .where('id', '=', id)
      .where('partner_id', '=', partner.partnerId)
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirst(),
  );
}

/** Whether the partner had such a message to delete. */
export async function deleteMessage(partner: PartnerScope, actor: Actor, id: number): Promise<boolean> {
  const deleted = await writeAs(partner.db, actor, (trx) =>
    trx.deleteFrom('messages').where('id', '=', id).where('partner_id', '=', partner.partnerId).executeTakeFirst(),
  );
  return Number(deleted.numDeletedRows) > 0;
}
