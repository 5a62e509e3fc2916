import type { ReportSettings } from '../modules/reports/service.js';
import { reportService } from '../modules/reports/service.js';
import type { ScheduledTask } from './scheduler.js';
import type { TaskPeriod } from './task-period.js';

export const SEND_SCHEDULED_REPORTS = 'send-scheduled-reports';

/**
 * Builds and queues the scheduled reports that are due (docs/decisions/0216). The task only looks every period; each
 * subscription is due at its own London time and is claimed on its own (FOR UPDATE SKIP LOCKED), so a report is
 * queued once per its period even when a run of this task on another server overlaps.
 */
export function sendScheduledReports(period: TaskPeriod, settings: ReportSettings): ScheduledTask {
  return {
    name: SEND_SCHEDULED_REPORTS,
    period,
    async run(db, log) {
      const done = await reportService(db, settings).runDue(log);
      if (done.queued + done.stopped + done.failed > 0) log.info({ reports: done }, 'scheduled reports: ran');
    },
  };
}
