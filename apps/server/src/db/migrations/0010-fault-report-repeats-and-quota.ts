import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

// A fault report is raised once (docs/decisions/0120): each report keeps the hash of what it said (its fields and
// its images' bytes) and the Idempotency-Key it came with, so a repeat finds the first; each image keeps its own
// SHA-256. A company's stored images are summed for its quota (0122), through the carrier requests' company and the
// images' report, which these indexes serve. Reports stored before this have no hash and match nothing.
// fault_report_uploads holds the uploads begun and not yet ended (by their report or a refusal): the sweep of
// unfinished uploads deletes stored images only in a folder this database says never got its report (0122).
const statements = [
  `CREATE TABLE fault_report_uploads (
    folder text PRIMARY KEY CHECK (folder ~ '^fault-reports/[0-9a-f-]{36}$'),
    started_at timestamptz NOT NULL DEFAULT now()
  )`,
  `ALTER TABLE fault_reports ADD COLUMN content_sha256 text CHECK (content_sha256 ~ '^[0-9a-f]{64}$')`,
  `ALTER TABLE fault_reports ADD COLUMN idempotency_key text CHECK (length(idempotency_key) BETWEEN 1 AND 255)`,
  `CREATE INDEX fault_reports_content ON fault_reports (content_sha256) WHERE content_sha256 IS NOT NULL`,
  `CREATE INDEX fault_reports_idempotency_key ON fault_reports (idempotency_key) WHERE idempotency_key IS NOT NULL`,
  `ALTER TABLE fault_report_images ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$')`,
  `CREATE INDEX fault_report_images_report ON fault_report_images (fault_report_id)`,
  `CREATE INDEX carrier_requests_company_faults ON carrier_requests (company_id) WHERE kind = 'fault_report'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP INDEX carrier_requests_company_faults',
    'DROP TABLE fault_report_uploads',
    'DROP INDEX fault_report_images_report',
    'ALTER TABLE fault_report_images DROP COLUMN sha256',
    'DROP INDEX fault_reports_idempotency_key',
    'DROP INDEX fault_reports_content',
    'ALTER TABLE fault_reports DROP COLUMN idempotency_key',
    'ALTER TABLE fault_reports DROP COLUMN content_sha256',
  ]);
}
