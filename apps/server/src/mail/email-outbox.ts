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

/** Rows per statement when many e-mails are queued at once: well under PostgreSQL's 65,535 parameters. */
const QUEUE_CHUNK = 1000;

/** Queues many e-mails without attachments (a spend alert's crossings), a statement per thousand, as queueEmail does one. */
export async function queueEmails(
  trx: Kysely<Database>,
  emails: ReadonlyArray<Omit<OutgoingEmail, 'attachments'>>,
): Promise<void> {
  for (let start = 0; start < emails.length; start += QUEUE_CHUNK) {
    await trx
      .insertInto('email_outbox')
      .values(
        emails.slice(start, start + QUEUE_CHUNK).map((email) => ({
          recipients: Array.isArray(email.to) ? [...email.to] : [email.to],
          subject: email.subject,
          text: email.text,
          html: email.html ?? null,
        })),
      )
      .execute();
  }
}
