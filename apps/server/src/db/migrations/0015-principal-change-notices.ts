import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * Each server keeps the signed-in callers it has read (auth/principal-cache.ts, decision 0190). Whatever the caller's
 * read depends on (the user row, their functionality, their sessions' refresh tokens, their profile) announces a
 * change on the `portal_principal` channel when its transaction commits, naming the user (or '*' for a profile,
 * which many users share), and every server drops what it kept of them. Bulk loads of demo data skip it: nobody is
 * signed in to a database being loaded.
 */
const CHANNEL = 'portal_principal';

const statements = [
  `CREATE FUNCTION notify_principal_changed() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      row_user text;
    BEGIN
      IF current_setting('portal.bulk_load', true) = 'on' THEN
        RETURN NULL;
      END IF;
      row_user := CASE TG_ARGV[0]
        WHEN '*' THEN '*'
        ELSE to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0]
      END;
      PERFORM pg_notify('${CHANNEL}', row_user);
      IF TG_OP = 'UPDATE' AND TG_ARGV[0] <> '*' AND (to_jsonb(OLD) ->> TG_ARGV[0]) <> row_user THEN
        PERFORM pg_notify('${CHANNEL}', to_jsonb(OLD) ->> TG_ARGV[0]);
      END IF;
      RETURN NULL;
    END $$`,
  `CREATE TRIGGER users_principal_changed AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION notify_principal_changed('id')`,
  `CREATE TRIGGER user_functionality_principal_changed AFTER INSERT OR UPDATE OR DELETE ON user_functionality
    FOR EACH ROW EXECUTE FUNCTION notify_principal_changed('user_id')`,
  `CREATE TRIGGER refresh_tokens_principal_changed AFTER UPDATE OR DELETE ON refresh_tokens
    FOR EACH ROW EXECUTE FUNCTION notify_principal_changed('user_id')`,
  `CREATE TRIGGER profiles_principal_changed AFTER UPDATE OR DELETE ON profiles
    FOR EACH ROW EXECUTE FUNCTION notify_principal_changed('*')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP TRIGGER profiles_principal_changed ON profiles',
    'DROP TRIGGER refresh_tokens_principal_changed ON refresh_tokens',
    'DROP TRIGGER user_functionality_principal_changed ON user_functionality',
    'DROP TRIGGER users_principal_changed ON users',
    'DROP FUNCTION notify_principal_changed()',
  ]);
}
