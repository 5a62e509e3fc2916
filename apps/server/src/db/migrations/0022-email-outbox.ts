import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * The e-mails the portal sends (docs/decisions/0197): written in the transaction of the change that causes them (a
 * user created, a temporary password stored, a carrier change completed), then sent by jobs/email-outbox-sender.ts
 * from any server, so a crash loses none. The id is also the message's Message-ID, so a message sent again after
 * a crash is recognisably the same one. The text and html are cleared once the message is sent or given up on:
 * they may hold a temporary password, which the database otherwise keeps only hashed. Not audited row by row
 * (like temporary_passwords), for the same reason; request_id ties a message to the request that caused it.
 */
const statements = [
  `CREATE TABLE email_outbox (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    recipients text[] NOT NULL CHECK (cardinality(recipients) >= 1),
    subject text NOT NULL,
    text text,
    html text,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
    attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at timestamptz DEFAULT now(),
    last_error text,
    request_id text DEFAULT nullif(current_setting('portal.request_id', true), ''),
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    CHECK (status <> 'queued' OR (text IS NOT NULL AND next_attempt_at IS NOT NULL)),
    CHECK ((status = 'sent') = (sent_at IS NOT NULL))
  )`,
  `CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE status = 'queued'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TABLE email_outbox']);
}
