import { CronExpressionParser } from 'cron-parser';

/** How often a scheduled task runs: every so many milliseconds, or at the times of a cron expression (UTC). */
export type TaskPeriod = { everyMs: number } | { cron: string };

/**
 * The first run after `now` of a task last due at `due`. An interval keeps its rhythm from the first run and, after
 * a pause longer than a period (every server stopped), runs once rather than once per missed period.
 */
export function nextRunAfter(period: TaskPeriod, due: Date, now: Date): Date {
  if ('cron' in period) return CronExpressionParser.parse(period.cron, { currentDate: now, tz: 'UTC' }).next().toDate();
  const missed = Math.max(0, Math.floor((now.getTime() - due.getTime()) / period.everyMs));
  return new Date(due.getTime() + (missed + 1) * period.everyMs);
}

/** The first run of a task new to the database: an interval's at once, a cron expression's at its next time. */
export function firstRun(period: TaskPeriod, now: Date): Date {
  return 'cron' in period ? nextRunAfter(period, now, now) : now;
}

/** Throws on a cron expression the parser cannot read, so a wrong one stops the start rather than the task. */
export function checkPeriod(name: string, period: TaskPeriod): void {
  if (!('cron' in period)) {
    if (!Number.isInteger(period.everyMs) || period.everyMs < 1000) {
      throw new Error(`scheduled task ${name}: every must be a whole number of milliseconds, at least 1000`);
    }
    return;
  }
  try {
    CronExpressionParser.parse(period.cron, { tz: 'UTC' });
  } catch (error) {
    throw new Error(`scheduled task ${name}: ${period.cron} is not a cron expression`, { cause: error });
  }
}
