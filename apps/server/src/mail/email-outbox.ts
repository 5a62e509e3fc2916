import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { MailMessage } from './mailer.js';

export type OutgoingEmail = Omit<MailMessage, 'id'>;

/**
 * Queues an e-mail in the transaction of the change that causes it (docs/decisions/0197): both commit or neither,
 * and jobs/email-outbox-sender.ts sends it after the commit. The row takes the transaction's request id (writeAs
 * sets it), so the message is traced to the request as the audit log's rows are. Answers the row's id, which is
 * also the message's Message-ID. Attachments are stored beside it (email_attachments) until it is sent. `trx` is the change's transaction (a scope's db inside writeInScope is one).
 */
export async function queueEmail(trx: Kysely<Database>, email: OutgoingEmail): Promise<string> {
  const row = await trx
    .insertInto('email_outbox')
    .values({
      recipients: Array.isArray(email.to) ? [...email.to] : [email.to],
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (email.attachments?.length) {
    await trx
      .insertInto('email_attachments')
      .values(
        email.attachments.map((file) => ({
          email_id: row.id,
          file_name: file.fileName,
          content_type: file.contentType,
          content: file.content,
        })),
      )
      .execute();
  }
  return row.id;
}
