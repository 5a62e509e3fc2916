import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent, writeAs } from '../../src/db/audit.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import type { Database } from '../../src/db/schema.js';
import { changesOf, committedBetween, transactionMark } from './committed-writes.js';
import { openTestDatabase } from './test-app.js';

// The sweeps trust this detector to call a refused write harmless: it must see what a refusal left behind.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await sql`CREATE TABLE detector_probe (id serial PRIMARY KEY, note text NOT NULL)`.execute(database.db);
});
afterAll(() => database.close());

async function changesDuring(work: () => Promise<unknown>, requestId = 'req-1') {
  const db = database.db;
  const before = await transactionMark(db);
  await work().catch(() => undefined);
  return changesOf(await committedBetween(db, before, await transactionMark(db)), requestId);
}

const actor = { userId: null, requestId: 'req-1' };
const probe = (db: Kysely<Database>, note: string) =>
  sql`INSERT INTO detector_probe (note) VALUES (${note})`.execute(db);

describe('the committed-writes detector', () => {
  it('names the table a committed write changed', async () => {
    const changes = await changesDuring(() => writeAs(database.db, actor, (trx) => probe(trx, 'committed')));
    expect(changes.map((change) => change.tables)).toEqual([['detector_probe']]);
  });

  it('sees nothing of a write that was rolled back', async () => {
    const changes = await changesDuring(() =>
      writeAs(database.db, actor, async (trx) => {
        await probe(trx, 'rolled back');
        throw new Error('refused');
      }),
    );
    expect(changes).toEqual([]);
  });

  it('lets an event pass, and work audited as another request’s', async () => {
    expect(await changesDuring(() => recordEvent(database.db, { action: 'login.failed', actor }))).toEqual([]);
    const other = () =>
      writeAs(database.db, actor, async (trx) => {
        await probe(trx, 'left running by another request');
        await trx
          .insertInto('audit_log')
          .values({ operation: 'INSERT', table_name: 'detector_probe', request_id: 'req-2', row_key: null })
          .execute();
      });
    expect(await changesDuring(other, 'req-1')).toEqual([]);
    expect((await changesDuring(other, 'req-2')).map((change) => change.tables)).toEqual([
      ['audit_log', 'detector_probe'],
    ]);
  });
});
