import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

// A fault report names the diagnostics group it was raised from (docs/decisions/0100); 0001 stored it as free text
// before the groups existed. The key makes the database refuse a report whose group is not a real one.
const statements = [
  `ALTER TABLE fault_reports ALTER COLUMN diagnostics_group_id TYPE uuid USING diagnostics_group_id::uuid`,
  `ALTER TABLE fault_reports ADD CONSTRAINT fault_reports_diagnostics_group_fk
     FOREIGN KEY (diagnostics_group_id) REFERENCES diagnostic_groups (id)`,
  `CREATE INDEX fault_reports_diagnostics_group ON fault_reports (diagnostics_group_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP INDEX fault_reports_diagnostics_group',
    'ALTER TABLE fault_reports DROP CONSTRAINT fault_reports_diagnostics_group_fk',
    'ALTER TABLE fault_reports ALTER COLUMN diagnostics_group_id TYPE text',
  ]);
}
