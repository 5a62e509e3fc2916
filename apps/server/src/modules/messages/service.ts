import type { Message, MessageInput } from '@portal/contract';
import type { Actor } from '../../db/audit.js';
import { notFound } from '../../http/errors.js';
import type { PartnerScope } from '../../scope/partner-scope.js';
import * as messages from './repository.js';

function toMessage(row: messages.MessageRow): Message {
  return {
    id: row.id,
    text: row.text,
    ...(row.start_date ? { startDate: row.start_date.toISOString() } : {}),
    ...(row.end_date ? { endDate: row.end_date.toISOString() } : {}),
  };
}

const noSuchMessage = () => notFound('No such message');

/** The banner of the partner's portal now; public, because the sign-in page shows it. */
export async function currentMessages(partner: PartnerScope): Promise<Message[]> {
  return (await messages.currentMessages(partner)).map(toMessage);
}

/** Every message of the partner, past and future too, for its staff. */
export async function allMessages(partner: PartnerScope): Promise<Message[]> {
  return (await messages.allMessages(partner)).map(toMessage);
}

export async function messageById(partner: PartnerScope, id: number): Promise<Message> {
  const row = await messages.findMessage(partner, id);
  if (!row) throw noSuchMessage();
  return toMessage(row);
}

export async function addMessage(partner: PartnerScope, actor: Actor, input: MessageInput): Promise<Message> {
  return toMessage(await messages.insertMessage(partner, actor, input));
}

export async function changeMessage(
  partner: PartnerScope,
  actor: Actor,
  id: number,
  input: MessageInput,
): Promise<Message> {
  const row = await messages.updateMessage(partner, actor, id, input);
  if (!row) throw noSuchMessage();
  return toMessage(row);
}

export async function removeMessage(partner: PartnerScope, actor: Actor, id: number): Promise<void> {
  if (!(await messages.deleteMessage(partner, actor, id))) throw noSuchMessage();
}
