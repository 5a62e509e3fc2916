import { sql } from 'kysely';
import type { App } from '../../src/app.js';
import { SEND_SCHEDULED_REPORTS } from '../../src/jobs/send-scheduled-reports.js';

/** Rows of a CSV as the reports write it (a BOM, CRLF, fields quoted when they hold a comma, quote or line end). */
export function csvRows(content: Buffer): string[][] {
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const character = text[i];
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += character;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Makes every live subscription due now, then runs the scheduler's report task once, as its period passing would. */
export async function runScheduledReports(app: App): Promise<void> {
  const db = app.database.db;
  await sql`UPDATE report_subscriptions SET next_run_at = now() - interval '1 second'
    WHERE next_run_at IS NOT NULL`.execute(db);
  await app.scheduler.register();
  await sql`UPDATE scheduled_tasks SET next_run_at = now() WHERE name = ${SEND_SCHEDULED_REPORTS}`.execute(db);
  const ran = await app.scheduler.runDue();
  if (!ran.includes(SEND_SCHEDULED_REPORTS)) throw new Error(`the scheduler ran ${ran.join(', ')}`);
}
