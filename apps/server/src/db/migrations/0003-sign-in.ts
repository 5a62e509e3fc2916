import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

// Roles travel in the login reply (spec section 6): 'customer' for a customer's staff, 'partner-staff' for the
// reseller's own people (who manage banner messages). Sign-in events are audited beside row changes: an event
// row has an action ('login.succeeded', 'password.changed', ...) and no row operation.
const statements = [
  `ALTER TABLE users ADD COLUMN roles text[] NOT NULL DEFAULT ARRAY['customer']
     CHECK (roles <@ ARRAY['customer', 'partner-staff']::text[])`,
  `ALTER TABLE audit_log ADD COLUMN action text CHECK (action ~ '^[a-z]+(\\.[a-z_]+)+$')`,
  `ALTER TABLE audit_log ALTER COLUMN operation DROP NOT NULL`,
  `ALTER TABLE audit_log ADD CONSTRAINT audit_log_operation_or_action CHECK ((operation IS NULL) <> (action IS NULL))`,
  `CREATE INDEX audit_log_action_time ON audit_log (action, occurred_at DESC) WHERE action IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}
