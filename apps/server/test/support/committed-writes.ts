import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/**
 * Tells which transactions committed a change while a request ran, and what they wrote, without reading whole
 * tables each time: every transaction that writes is given an id (an xid) in order, so the writers of a request
 * are the ids handed out between a mark taken before it and one taken after, and `pg_xact_status` says which of
 * those committed (a refusal's rolled-back work reports 'aborted'). Only committed ones are looked into, by the
 * rows they left (`xmin`) and the audit trail they wrote.
 */

/** A mark in the order of transactions: taking one uses up an id itself. */
export async function transactionMark(db: Kysely<Database>): Promise<bigint> {
  const { rows } = await sql<{ xid: string }>`SELECT pg_current_xact_id()::text AS xid`.execute(db);
  return BigInt(rows[0]?.xid ?? '0');
}

/** What one committed transaction wrote. */
export type CommittedWrite = {
  xid: string;
  /** Tables holding rows it inserted or updated (deletions show in the audit trail of audited tables). */
  tables: string[];
  /** Its audit trail: row changes (`operation` set) and recorded events (`action` only). */
  audit: Array<{ table: string; operation: string | null; action: string | null; requestId: string | null }>;
};

/** The transactions that committed between two marks, with what each wrote. */
export async function committedBetween(db: Kysely<Database>, from: bigint, to: bigint): Promise<CommittedWrite[]> {
  const committed: string[] = [];
  for (let xid = from + 1n; xid < to; xid++) {
    const { rows } = await sql<{
      status: string | null;
    }>`SELECT pg_xact_status(${String(xid)}::xid8) AS status`.execute(db);
    if (rows[0]?.status === 'committed') committed.push(String(xid % 4_294_967_296n));
  }
  if (committed.length === 0) return [];
  const tables = await sql<{ name: string }>`SELECT relname AS name FROM pg_stat_user_tables ORDER BY relname`.execute(
    db,
  );
  const writes: CommittedWrite[] = [];
  for (const xid of committed) {
    const written: string[] = [];
    for (const { name } of tables.rows) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(name)} WHERE xmin::text = ${xid}`.execute(db);
      if ((rows[0]?.n ?? 0) > 0) written.push(name);
    }
    const audit = await sql<CommittedWrite['audit'][number]>`
      SELECT table_name AS table, operation, action, request_id AS "requestId"
      FROM audit_log WHERE xmin::text = ${xid} ORDER BY id`.execute(db);
    writes.push({ xid, tables: written, audit: audit.rows });
  }
  return writes;
}

/** The audit trail and its per-company index (migration 0034), which every recorded event also writes. */
const AUDIT_TABLES = new Set(['audit_log', 'audit_company_trail']);

/**
 * Of the transactions committed while a request ran, those that changed something on its account: a transaction
 * whose audit trail names only other requests (work another request left running after its answer) is not this
 * one's, and one that only recorded events (a failed sign-in, say) changed nothing a user sees.
 */
export function changesOf(writes: readonly CommittedWrite[], requestId: string): CommittedWrite[] {
  return writes.filter((write) => {
    const others = write.audit.length > 0 && write.audit.every((row) => row.requestId && row.requestId !== requestId);
    const onlyEvents =
      write.tables.every((table) => AUDIT_TABLES.has(table)) && write.audit.every((row) => row.operation === null);
    return !others && !onlyEvents;
  });
}
