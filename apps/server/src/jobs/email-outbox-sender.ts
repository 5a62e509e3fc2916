import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { EmailSenderConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { MailAttachment, Mailer } from '../mail/mailer.js';
import { PollingLoop } from './polling-loop.js';

/*
 * Sends the e-mails queued in email_outbox (docs/decisions/0197), the way the carrier-request worker sends its
 * requests (0088), so several servers may run it on one database and a server killed at any point loses nothing:
 * - due rows are claimed in a short transaction (FOR UPDATE SKIP LOCKED) that also moves their next_attempt_at a
 *   lease ahead, so no other server takes them while this one talks to the mail server, and rows a dead server
 *   held become due again once the lease runs out;
 * - each message goes out with its row's id as its Message-ID, so one sent again after a crash between the mail
 *   server's acceptance and the row's update is recognisably the same message;
 * - each outcome is written with a guard on the status, so a row is marked sent (or failed) once;
 * - a mail server that cannot be reached, or answers 4xx, is tried again after a doubling wait; a 5xx answer (a
 *   refused recipient or message) or maxAttempts failures give the message up as failed.
 */

export type EmailSenderOptions = Omit<EmailSenderConfig, 'enabled'> & {
  /** Messages claimed at once (each sent on its own connection). */
  batchSize?: number;
  /** The longest wait between two attempts. */
  maxRetryMs?: number;
};

type ClaimedEmail = {
  id: string;
  recipients: string[];
  subject: string;
  text: string | null;
  html: string | null;
  attempts: number;
  request_id: string | null;
};

export class EmailOutboxSender {
  private readonly batchSize: number;
  private readonly maxRetryMs: number;
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly options: EmailSenderOptions,
  ) {
    this.batchSize = options.batchSize ?? 10;
    this.maxRetryMs = options.maxRetryMs ?? 3_600_000;
    this.loop = new PollingLoop(() => this.runOnce(), {
      everyMs: options.pollMs,
      onRoundEnd: (error) => {
        if (error !== undefined) this.log.error({ err: error }, 'e-mail outbox: a round failed');
      },
    });
  }

  /** Looks for due e-mails every pollMs until stopped. */
  start(): void {
    this.loop.start();
  }

  /** Stops looking and waits for the messages in hand; what is left stays queued in the table. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Sends every e-mail due now, one claimed batch after another; answers how many were tried. */
  async runOnce(): Promise<number> {
    let tried = 0;
    for (;;) {
      const claimed = await this.claimDue();
      await Promise.all(claimed.map((row) => this.send(row)));
      tried += claimed.length;
      if (claimed.length < this.batchSize) return tried;
    }
  }

  private claimDue(): Promise<ClaimedEmail[]> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('email_outbox')
        .select(['id', 'recipients', 'subject', 'text', 'html', 'attempts', 'request_id'])
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .limit(this.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length > 0) {
        await trx
          .updateTable('email_outbox')
          .set({ next_attempt_at: later(this.options.leaseMs) })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      }
      return rows;
    });
  }

  private async send(row: ClaimedEmail): Promise<void> {
    const log = this.log.child({ emailId: row.id, requestId: row.request_id ?? undefined });
    try {
      const attachments = await this.attachmentsOf(row.id);
      await this.mailer.send({
        id: row.id,
        to: row.recipients,
        subject: row.subject,
        // A queued row always has its text (a check of the table); '' only satisfies the type.
        text: row.text ?? '',
        html: row.html ?? undefined,
        attachments,
      });
    } catch (error) {
      await this.failed(row, error, log).catch((failure: unknown) =>
        log.error({ err: failure }, 'e-mail outbox: could not record a failed attempt'),
      );
      return;
    }
    // The message is out: from here a crash before the update commits sends it again, with the same Message-ID,
    // once the lease runs out. The lease makes that the only way a message goes twice.
    try {
      const marked = await this.finish(row, { status: 'sent', attempts: row.attempts + 1, sent_at: sql<Date>`now()` });
      if (marked) log.info('e-mail outbox: sent');
      else log.warn('e-mail outbox: sent, but another server had already finished it (its lease had run out)');
    } catch (error) {
      log.error(
        { err: error },
        'e-mail outbox: sent, but not recorded; it goes again, same Message-ID, after the lease',
      );
    }
  }

  private async attachmentsOf(emailId: string): Promise<MailAttachment[]> {
    const rows = await this.db
      .selectFrom('email_attachments')
      .select(['file_name', 'content_type', 'content'])
      .where('email_id', '=', emailId)
      .orderBy('id')
      .execute();
    return rows.map((file) => ({ fileName: file.file_name, contentType: file.content_type, content: file.content }));
  }

  /** The mail server refused or could not be reached: wait twice as long as last time, or give up. */
  private async failed(row: ClaimedEmail, error: unknown, log: FastifyBaseLogger) {
    const attempts = row.attempts + 1;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const permanent = isPermanentRefusal(error);
    if (permanent || attempts >= this.options.maxAttempts) {
      log.error({ err: error, attempts }, `e-mail outbox: given up (${permanent ? 'refused' : 'too many attempts'})`);
      await this.finish(row, { status: 'failed', attempts, last_error: message });
      return;
    }
    log.warn({ err: error, attempts }, 'e-mail outbox: will try again');
    const wait = Math.min(this.maxRetryMs, this.options.retryMs * 2 ** Math.min(row.attempts, 20));
    // Up to a fifth more, so messages that failed together do not all come back at the same moment.
    const jittered = wait * (1 + Math.random() / 5);
    await this.db
      .updateTable('email_outbox')
      .set({ attempts, last_error: message, next_attempt_at: later(jittered) })
      .where('id', '=', row.id)
      .where('status', '=', 'queued')
      .execute();
  }

  /**
   * Records a final outcome unless another server did first; the text, html and attachments go with it, as they may
   * hold a temporary password or a report's figures. Answers whether this call recorded it.
   */
  private async finish(
    row: ClaimedEmail,
    values: {
      status: 'sent' | 'failed';
      attempts: number;
      sent_at?: ReturnType<typeof sql<Date>>;
      last_error?: string;
    },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('email_outbox')
        .set({ ...values, text: null, html: null, next_attempt_at: null })
        .where('id', '=', row.id)
        .where('status', '=', 'queued')
        .returning('id')
        .executeTakeFirst();
      if (updated !== undefined) await trx.deleteFrom('email_attachments').where('email_id', '=', row.id).execute();
      return updated !== undefined;
    });
  }
}

function later(ms: number) {
  return sql<Date>`now() + ${Math.round(ms)} * interval '1 millisecond'`;
}

/** An SMTP 5xx answer: the server will refuse the same message again, so trying again only delays the news. */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
