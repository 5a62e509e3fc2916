import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * The scheduler's tasks (jobs/scheduler.ts, decision 0203): one row per task, so every server of a deployment
 * sees the same next run. A server claims a due row by setting locked_by and locked_until (a lease) and moves
 * next_run_at on when the run ends, so a task runs once per period across all servers; one that died mid-run leaves
 * the row to be claimed again once its lease has passed. A task runs every every_ms or at the times of its cron
 * expression, never both.
 * The first task purges sessions whose 12 hours have passed, which it finds by their absolute expiry.
 */
const statements = [
  `CREATE TABLE scheduled_tasks (
    name text PRIMARY KEY CHECK (name ~ '^[a-z]+(-[a-z]+)*$'),
    every_ms bigint CHECK (every_ms >= 1000),
    cron text CHECK (length(cron) BETWEEN 9 AND 200),
    next_run_at timestamptz NOT NULL,
    locked_by uuid,
    locked_until timestamptz,
    last_run_at timestamptz,
    last_error text,
    CHECK ((every_ms IS NULL) <> (cron IS NULL)),
    CHECK ((locked_by IS NULL) = (locked_until IS NULL))
  )`,
  'CREATE INDEX refresh_tokens_absolute_expiry ON refresh_tokens (absolute_expires_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP INDEX refresh_tokens_absolute_expiry', 'DROP TABLE scheduled_tasks']);
}
