import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

// Fault reports (docs/decisions/0100): the portal's reference FR-000042 is derived from the id and stored, so
// support and the events can be searched by it; the contact number's CHECK matches the contract's rule (0001's
// pattern left the '+' unescaped); the group a report was raised from is a diagnostics group (uuid).
const statements = [
  `ALTER TABLE fault_reports ADD COLUMN reference text GENERATED ALWAYS AS ('FR-' || lpad(id::text, 6, '0')) STORED`,
  `CREATE UNIQUE INDEX fault_reports_reference ON fault_reports (reference)`,
  `ALTER TABLE fault_reports DROP CONSTRAINT fault_reports_contact_number_check`,
  `ALTER TABLE fault_reports ADD CONSTRAINT fault_reports_contact_number_check
     CHECK (contact_number ~ '^\\+?[0-9 ]{10,16}$')`,
  `ALTER TABLE fault_reports ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE fault_reports DROP COLUMN created_at',
    'ALTER TABLE fault_reports DROP CONSTRAINT fault_reports_contact_number_check',
    `ALTER TABLE fault_reports ADD CONSTRAINT fault_reports_contact_number_check
       CHECK (contact_number ~ '^+?[0-9 ]{10,16}$')`,
    'DROP INDEX fault_reports_reference',
    'ALTER TABLE fault_reports DROP COLUMN reference',
  ]);
}
