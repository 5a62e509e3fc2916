import { type Kysely, sql } from 'kysely';
import { USAGE_DAILY_WINDOW_START } from '../db/migrations/0031-usage-daily.js';
import type { Database } from '../db/schema.js';
import type { ScheduledTask } from './scheduler.js';

export const PURGE_USAGE_DAILY = 'purge-usage-daily';

/** Once a day: usage_daily keeps a window, not history (migration 0031), so its rows shrink back to a few per line. */
export const PURGE_USAGE_DAILY_EVERY_MS = 86_400_000;

/**
 * Deletes the usage_daily rows before the window's first day (the first of last month, London), as a scheduled
 * task: the trigger ignores records that old, and no rule or forecast reads them.
 */
export function purgeUsageDaily(): ScheduledTask {
  return {
    name: PURGE_USAGE_DAILY,
    period: { everyMs: PURGE_USAGE_DAILY_EVERY_MS },
    async run(db, log) {
      const deleted = await purgeOldUsageDays(db);
      if (deleted > 0) log.info({ deleted }, 'purged usage_daily rows before the window');
    },
  };
}

export async function purgeOldUsageDays(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('usage_daily')
    .where('day', '<', sql<string>`${sql.raw(USAGE_DAILY_WINDOW_START)}`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
