import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { PURGE_EXPIRED_CREDENTIALS } from '../../src/jobs/purge-expired-credentials.js';
import { type ScheduledTask, Scheduler } from '../../src/jobs/scheduler.js';
import { testConfig } from '../support/test-app.js';
import { type TestDatabase, testEngines } from '../support/test-databases.js';

/*
 * The scheduler (decision 0203) keeps its tasks in the database so that several servers run each task once per
 * period between them, on PGlite and PostgreSQL alike.
 */
describe.each(testEngines())('the scheduler on $name', (engine) => {
  let database: TestDatabase;
  const started: Scheduler[] = [];

  beforeAll(async () => {
    database = await engine.create('migrated');
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((scheduler) => scheduler.stop()));
  });
  afterAll(() => database?.dispose());

  /** A logger whose error lines the test can read. */
  function capturedLog() {
    const lines: Array<{ level: number; msg: string; task?: string; err?: { message: string } }> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    return { log: pino({ level: 'info' }, stream), lines };
  }

  function scheduler(tasks: ScheduledTask[], pollMs = 25) {
    return new Scheduler(database.handle.db, tasks, capturedLog().log, { pollMs, leaseMs: 60_000 });
  }

  async function row(name: string) {
    return database.handle.db
      .selectFrom('scheduled_tasks')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  }

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
    return vi.waitFor(
      async () => {
        const value = await read();
        if (!done(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
        return value;
      },
      { timeout: timeoutMs, interval: 20 },
    );
  }

  it('runs a task due once only once, with two schedulers on one database claiming it at the same time', async () => {
    const runs: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const task = (who: string): ScheduledTask => ({
      name: 'count-once',
      period: { everyMs: 3_600_000 },
      async run() {
        runs.push(who);
        // Held until every other claim has been answered, so they all come while this run holds the task.
        await held;
      },
    });
    const first = scheduler([task('first')]);
    const second = scheduler([task('second')]);
    await Promise.all([first.register(), second.register()]);
    const before = await row('count-once');

    const pending = [first, second, first, second].map((each) => each.runDue());
    let answered = 0;
    for (const round of pending) void round.then(() => answered++);
    await expect.poll(() => answered).toBe(pending.length - 1);
    release();
    const rounds = await Promise.all(pending);

    expect(rounds.flat()).toEqual(['count-once']);
    expect(runs).toHaveLength(1);
    const after = await row('count-once');
    expect(after.next_run_at.getTime() - before.next_run_at.getTime()).toBe(3_600_000);
    expect(after).toMatchObject({ locked_by: null, locked_until: null, last_error: null });
    expect(after.last_run_at).not.toBeNull();
    // Nothing more is due this period, whoever asks.
    expect(await Promise.all([first.runDue(), second.runDue()])).toEqual([[], []]);
  });

  it('records and logs a task that throws, and runs it again at its next period, not before', async () => {
    const runsAt: number[] = [];
    const { log, lines } = capturedLog();
    const flaky = new Scheduler(
      database.handle.db,
      [
        {
          name: 'fails-once',
          period: { everyMs: 1000 },
          async run() {
            runsAt.push(Date.now());
            if (runsAt.length === 1) throw new Error('the mail server was down');
          },
        },
      ],
      log,
      { pollMs: 25, leaseMs: 60_000 },
    );
    started.push(flaky);
    await flaky.register();
    const firstDue = (await row('fails-once')).next_run_at.getTime();
    await flaky.start();

    const failed = await waitFor(
      () => row('fails-once'),
      (task) => task.last_run_at !== null,
    );
    expect(failed.last_error).toBe('the mail server was down');
    expect(failed.locked_by).toBeNull();
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        task: 'fails-once',
        err: expect.objectContaining({ message: 'the mail server was down' }),
      }),
    );

    const recovered = await waitFor(
      () => row('fails-once'),
      (task) => task.last_error === null,
    );
    expect(runsAt).toHaveLength(2);
    // Polled every 25 ms, it waited for its next period before running again: whole seconds after the first was
    // due (one, or more when the first run ended more than a second late on a busy machine).
    const periods = (failed.next_run_at.getTime() - firstDue) / 1000;
    expect(Number.isInteger(periods) && periods >= 1).toBe(true);
    expect(runsAt[1]).toBeGreaterThanOrEqual(failed.next_run_at.getTime());
    expect(recovered.next_run_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('lets another server run a task whose server died mid-run, once the lease has passed', async () => {
    let runs = 0;
    const task: ScheduledTask = {
      name: 'outlives-its-server',
      period: { everyMs: 3_600_000 },
      async run() {
        runs++;
      },
    };
    const survivor = scheduler([task]);
    await survivor.register();
    // A server claimed it and died: its lease still holds, then it has passed.
    await sql`UPDATE scheduled_tasks SET locked_by = gen_random_uuid(), locked_until = now() + interval '1 hour'
      WHERE name = 'outlives-its-server'`.execute(database.handle.db);
    expect(await survivor.runDue()).toEqual([]);
    await sql`UPDATE scheduled_tasks SET locked_until = now() - interval '1 second'
      WHERE name = 'outlives-its-server'`.execute(database.handle.db);
    expect(await survivor.runDue()).toEqual(['outlives-its-server']);
    expect(runs).toBe(1);
  });

  it('keeps the next run of a task whose period is unchanged, and reschedules one whose period changed', async () => {
    const task = (period: ScheduledTask['period']): ScheduledTask => ({
      name: 'weekly-report',
      period,
      run: async () => {},
    });
    await scheduler([task({ cron: '0 8 * * 1' })]).register();
    const first = await row('weekly-report');
    expect(first.next_run_at.getUTCDay()).toBe(1);
    expect(first.next_run_at.getUTCHours()).toBe(8);

    await scheduler([task({ cron: '0 8 * * 1' })]).register();
    expect((await row('weekly-report')).next_run_at).toEqual(first.next_run_at);

    await scheduler([task({ everyMs: 60_000 })]).register();
    const changed = await row('weekly-report');
    expect(changed).toMatchObject({ every_ms: 60_000, cron: null });
    expect(changed.next_run_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses a cron expression it cannot read when the server starts', () => {
    expect(() => scheduler([{ name: 'bad', period: { cron: 'every monday' }, run: async () => {} }])).toThrow(
      /every monday is not a cron expression/,
    );
  });

  describe('in the app', () => {
    const apps: App[] = [];
    afterAll(() => Promise.all(apps.map((app) => app.close())));

    it('starts with the app when SCHEDULER is on, and stops with it', async () => {
      const config = testConfig({ SCHEDULER: 'on', SCHEDULER_POLL_MS: '50' });
      const app = await buildApp(config, { database: database.handle });
      apps.push(app);
      await app.ready();
      const ran = await waitFor(
        () =>
          database.handle.db
            .selectFrom('scheduled_tasks')
            .selectAll()
            .where('name', '=', PURGE_EXPIRED_CREDENTIALS)
            .executeTakeFirst(),
        (task) => task?.last_run_at != null,
      );
      expect(ran?.every_ms).toBe(3_600_000);

      await app.close();
      // Due again after the app closed: nothing takes it, though the app had looked every 50 ms. Twenty such
      // intervals is the only way to see that something does not happen.
      await sql`UPDATE scheduled_tasks SET next_run_at = now() WHERE name = ${PURGE_EXPIRED_CREDENTIALS}`.execute(
        database.handle.db,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = await row(PURGE_EXPIRED_CREDENTIALS);
      expect(after.last_run_at).toEqual(ran?.last_run_at);
      expect(after.next_run_at.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('stays off with SCHEDULER off', async () => {
      await database.handle.db.deleteFrom('scheduled_tasks').execute();
      const app = await buildApp(testConfig({ SCHEDULER: 'off' }), { database: database.handle });
      await app.ready();
      await app.close();
      // A started scheduler writes its tasks before anything else; this one never started.
      expect(await database.handle.db.selectFrom('scheduled_tasks').selectAll().execute()).toEqual([]);
    });
  });
});
