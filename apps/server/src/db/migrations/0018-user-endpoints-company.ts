import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * A company-level caller sees every user assigned to a line of their companies (scope/conditions.ts
 * userInEstate). With only the line on user_endpoints, PostgreSQL read all of the company's lines to find the few
 * assigned (8,735 for the largest company of the large data set: 5 of the users list's 8.5 ms). The line's company
 * on the row, held to the line by a foreign key on (endpoint_id, company_id) as team_endpoints is, makes that a read
 * of user_endpoints alone (Speed issue; docs/performance/).
 */
const statements = [
  'ALTER TABLE user_endpoints ADD COLUMN company_id integer',
  'UPDATE user_endpoints ue SET company_id = e.company_id FROM endpoints e WHERE e.id = ue.endpoint_id',
  'ALTER TABLE user_endpoints ALTER COLUMN company_id SET NOT NULL',
  `ALTER TABLE user_endpoints ADD CONSTRAINT user_endpoints_endpoint_id_company_id_fkey
    FOREIGN KEY (endpoint_id, company_id) REFERENCES endpoints (id, company_id) ON DELETE CASCADE`,
  'ALTER TABLE user_endpoints DROP CONSTRAINT user_endpoints_endpoint_id_fkey',
  'CREATE INDEX user_endpoints_company_user ON user_endpoints (company_id, user_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP INDEX user_endpoints_company_user',
    `ALTER TABLE user_endpoints ADD CONSTRAINT user_endpoints_endpoint_id_fkey
      FOREIGN KEY (endpoint_id) REFERENCES endpoints (id) ON DELETE CASCADE`,
    'ALTER TABLE user_endpoints DROP CONSTRAINT user_endpoints_endpoint_id_company_id_fkey',
    'ALTER TABLE user_endpoints DROP COLUMN company_id',
  ]);
}
