import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * The signed-in caller now carries the companies they belong to (auth/principal.ts), so that a company-level
 * caller's estate is written into each query as constants the planner can see (scope/estate-scope.ts). Adding a
 * user to a company, or taking them off one, announces a change of that user as migration 0015's triggers do.
 */
const statements = [
  `CREATE TRIGGER user_companies_principal_changed AFTER INSERT OR UPDATE OR DELETE ON user_companies
    FOR EACH ROW EXECUTE FUNCTION notify_principal_changed('user_id')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TRIGGER user_companies_principal_changed ON user_companies']);
}
