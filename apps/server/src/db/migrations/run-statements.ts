import { type Kysely, sql } from 'kysely';

/** PGlite's extended protocol takes one statement per query, so migrations run theirs one by one. */
export async function runStatements(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
