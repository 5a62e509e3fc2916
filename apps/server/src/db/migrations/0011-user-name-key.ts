import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/*
 * A username may not be a look-alike of another (docs/decisions/0125). New names are ASCII letters, digits and
 * `. _ - @` (the contract's rule); within those, Unicode's confusables data (UTS #39, confusables.txt) maps 0 to O,
 * 1, I and | to l, and m to rn. Names are compared ignoring case, so the key lowercases first and then maps
 * 0 to o and 1, i to l (I is i once lowercased, and looks like l) and m to rn: two names with the same key would
 * pass for each other. A generated column keeps the key and a unique index on it refuses the second of two names
 * that look alike, also when two saves race; `user_name_key()` is the one place the mapping is written, and the
 * uniqueness check calls it on the name asked about.
 */
const statements = [
  `CREATE FUNCTION user_name_key(user_name text) RETURNS text
     LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
     RETURN replace(translate(lower(user_name), '01i', 'oll'), 'm', 'rn')`,
  `ALTER TABLE users ADD COLUMN user_name_key text GENERATED ALWAYS AS (user_name_key(user_name)) STORED NOT NULL`,
  `CREATE UNIQUE INDEX users_user_name_key ON users (user_name_key)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP INDEX users_user_name_key',
    'ALTER TABLE users DROP COLUMN user_name_key',
    'DROP FUNCTION user_name_key(text)',
  ]);
}
