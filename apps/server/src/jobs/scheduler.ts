import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { PollingLoop } from './polling-loop.js';
import { checkPeriod, firstRun, nextRunAfter, type TaskPeriod } from './task-period.js';

/** Work the scheduler runs once per period across every server of a deployment; it must bear running again. */
export type ScheduledTask = {
  /** Its row in scheduled_tasks: lower case words joined by hyphens. */
  name: string;
  period: TaskPeriod;
  run(db: Kysely<Database>, log: FastifyBaseLogger): Promise<void>;
};

export type SchedulerOptions = {
  /** How often due tasks are looked for. */
  pollMs: number;
  /** How long a claimed run holds its task; a server that died mid-run leaves it to another after this. */
  leaseMs: number;
};

type Claim = { name: string; token: string; due: Date };

/*
 * Runs tasks on a schedule kept in the database (scheduled_tasks, migration 0025; docs/decisions/0203), so that
 * with several servers a task runs once per period, not once per server, on PGlite and PostgreSQL alike:
 * - on start each server writes its tasks' periods (a changed period takes effect at once; the next run of an
 *   unchanged one is kept);
 * - every pollMs it claims a due task whose lease is free with one guarded update over a row taken FOR UPDATE SKIP
 *   LOCKED, which stamps the claim with a token of its own and a lease;
 * - when the run ends it writes the next run, the time and the error (null when it succeeded), guarded by its
 *   token: a run that outlived its lease, and was taken over, writes nothing. A task that throws is logged and
 *   runs again at its next period; one whose server died runs again when the lease has passed.
 * Times are the database's, so servers with skewed clocks agree on what is due.
 */
export class Scheduler {
  private readonly tasks: ReadonlyMap<string, ScheduledTask>;
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Kysely<Database>,
    tasks: readonly ScheduledTask[],
    private readonly log: FastifyBaseLogger,
    private readonly options: SchedulerOptions,
  ) {
    for (const task of tasks) checkPeriod(task.name, task.period);
    this.tasks = new Map(tasks.map((task) => [task.name, task]));
    this.loop = new PollingLoop(() => this.runDue(), {
      everyMs: options.pollMs,
      onRoundEnd: (error) => {
        if (error !== undefined) this.log.error({ err: error }, 'scheduler: a round failed');
      },
      // A task due is no reason to keep the process alive.
      keepsProcessAlive: false,
    });
  }

  /** Records the tasks' periods, then looks for due tasks at once and every pollMs until stopped. */
  async start(): Promise<void> {
    if (!this.loop.stopped) return;
    await this.register();
    this.loop.start(0);
  }

  /** Stops looking and waits for a run under way; its task is left due at its next period. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Writes each task's period; a task new to the database gets its first run, a changed period a new next run. */
  async register(): Promise<void> {
    const now = await this.databaseNow();
    for (const task of this.tasks.values()) {
      const period =
        'cron' in task.period
          ? { every_ms: null, cron: task.period.cron }
          : { every_ms: task.period.everyMs, cron: null };
      await this.db
        .insertInto('scheduled_tasks')
        .values({ name: task.name, ...period, next_run_at: firstRun(task.period, now) })
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet((eb) => ({
            every_ms: eb.ref('excluded.every_ms'),
            cron: eb.ref('excluded.cron'),
            next_run_at: sql<Date>`CASE WHEN scheduled_tasks.every_ms IS NOT DISTINCT FROM excluded.every_ms
              AND scheduled_tasks.cron IS NOT DISTINCT FROM excluded.cron
              THEN scheduled_tasks.next_run_at ELSE excluded.next_run_at END`,
          })),
        )
        .execute();
    }
  }

  /** Runs every task due now that no other server holds, one after another; answers the names it ran. */
  async runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (let claim = await this.claimDue(); claim; claim = await this.claimDue()) {
      await this.runClaimed(claim);
      ran.push(claim.name);
    }
    return ran;
  }

  private async claimDue(): Promise<Claim | undefined> {
    const token = randomUUID();
    const names = [...this.tasks.keys()];
    if (names.length === 0) return undefined;
    const claimed = await sql<{ name: string; due: Date }>`
      UPDATE scheduled_tasks
      SET locked_by = ${token}::uuid, locked_until = now() + ${this.options.leaseMs} * interval '1 millisecond'
      WHERE name = (
        SELECT name FROM scheduled_tasks
        WHERE name IN (${sql.join(names)}) AND next_run_at <= now() AND (locked_until IS NULL OR locked_until <= now())
        ORDER BY next_run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING name, next_run_at AS due`.execute(this.db);
    const row = claimed.rows[0];
    return row ? { name: row.name, token, due: new Date(row.due) } : undefined;
  }

  private async runClaimed(claim: Claim): Promise<void> {
    const task = this.tasks.get(claim.name);
    if (!task) throw new Error(`scheduler: claimed ${claim.name}, which this server does not know`);
    let failure: string | null = null;
    try {
      await task.run(this.db, this.log);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, task: task.name }, 'scheduler: the task failed; it runs again at its next period');
    }
    // The next run counts from when this one ended, so a run longer than its period does not start again at once.
    const now = await this.databaseNow();
    await this.db
      .updateTable('scheduled_tasks')
      .set({
        next_run_at: nextRunAfter(task.period, claim.due, now),
        locked_by: null,
        locked_until: null,
        last_run_at: sql<Date>`now()`,
        last_error: failure === null ? null : failure.slice(0, 1000),
      })
      .where('name', '=', claim.name)
      .where('locked_by', '=', claim.token)
      .execute();
  }

  private async databaseNow(): Promise<Date> {
    const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(this.db);
    const row = rows[0];
    if (!row) throw new Error('the database did not say what time it is');
    return new Date(row.now);
  }
}
