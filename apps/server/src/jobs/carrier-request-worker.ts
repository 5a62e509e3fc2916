import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { CarrierRefusedError } from '../carriers/mobile-carrier.js';
import type { CarrierWorkerConfig } from '../config.js';
import { type Actor, writeAs } from '../db/audit.js';
import type { Database } from '../db/schema.js';
import type { CarrierChangeOutcome } from '../mail/carrier-change-email.js';
import { withRequestId } from '../observability/request-context.js';
import type { CarrierKey, CarrierRequestHandler, ClaimedRequest } from './carrier-request-handler.js';
import { PollingLoop } from './polling-loop.js';

/*
 * Sends the stored carrier requests and follows them to completion (docs/decisions/0088). Everything it knows is in
 * the carrier_requests rows, so a server killed at any point picks up where it was on restart, and several servers
 * may run it on one database:
 * - a due row is claimed in a short transaction (FOR UPDATE SKIP LOCKED), which also moves its next_attempt_at a
 *   lease ahead, so no other instance takes it while this one talks to the carrier, and one that died mid-call
 *   leaves it to be taken again once the lease runs out;
 * - the send carries the row id as the carrier's idempotency key, so sending again after a crash changes the line
 *   once;
 * - each outcome is written with a guard on the status it came from, so only one instance records a completion,
 *   and the completion's event (and supplier 36's e-mail) is written in the same transaction as the new status.
 * What differs between kinds of request (how to send, how to follow, what a completion writes) is a handler's
 * (docs/decisions/0101); this class knows only the rows.
 */

const WORKER_ACTOR: Actor = { userId: null, requestId: 'carrier-worker' };

export type CarrierWorkerOptions = Omit<CarrierWorkerConfig, 'enabled'> & {
  /** Requests claimed at once. */
  batchSize?: number;
  /** The longest wait between two attempts while a carrier stays unreachable. */
  maxRetryMs?: number;
  /** A request the carrier has still not accepted this long after it was placed fails. */
  giveUpAfterMs?: number;
};

type ClaimedRow = ClaimedRequest;

export class CarrierRequestWorker {
  private readonly batchSize: number;
  private readonly maxRetryMs: number;
  private readonly giveUpAfterMs: number;
  private readonly loop: PollingLoop;
  /** When the last round ended (or the worker started), and whether it failed: what /ready asks about. */
  private lastRound = { at: 0, failed: false };

  private readonly carriers: readonly CarrierKey[];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly handlers: readonly CarrierRequestHandler[],
    private readonly log: FastifyBaseLogger,
    private readonly options: CarrierWorkerOptions,
  ) {
    this.carriers = handlers.flatMap((handler) => handler.carriers);
    this.batchSize = options.batchSize ?? 20;
    this.maxRetryMs = options.maxRetryMs ?? 15 * 60_000;
    this.giveUpAfterMs = options.giveUpAfterMs ?? 24 * 3_600_000;
    this.loop = new PollingLoop(() => this.runOnce(), {
      everyMs: options.pollMs,
      onRoundEnd: (error) => {
        this.lastRound = { at: Date.now(), failed: error !== undefined };
        if (error !== undefined) this.log.error({ err: error }, 'carrier requests: a round failed');
      },
    });
  }

  /** Looks for due requests every pollMs until stopped. */
  start(): void {
    if (!this.loop.stopped) return;
    this.lastRound = { at: Date.now(), failed: false };
    this.loop.start();
  }

  /** Stops looking and waits for the requests in hand; what is left stays due in the table. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Throws, saying why, unless the worker is doing its rounds: started, its last round did not fail, and one has
   * ended within a lease (a round that takes longer has requests in hand whose leases ran out).
   */
  assertWorking(): void {
    if (this.loop.stopped) throw new Error('the carrier worker is not running');
    if (this.lastRound.failed) throw new Error("the carrier worker's last round failed");
    const sinceMs = Date.now() - this.lastRound.at;
    if (sinceMs > this.options.leaseMs + this.options.pollMs) {
      throw new Error(`no round of the carrier worker has ended for ${sinceMs} ms`);
    }
  }

  /** Handles every request due now, one claimed batch after another; answers how many were handled. */
  async runOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await this.claimDue();
      await Promise.all(claimed.map((row) => this.handle(row)));
      handled += claimed.length;
      if (claimed.length < this.batchSize) return handled;
    }
  }

  private claimDue(): Promise<ClaimedRow[]> {
    return writeAs(this.db, WORKER_ACTOR, async (trx) => {
      const rows = await trx
        .selectFrom('carrier_requests')
        .select([
          'id',
          'carrier',
          'kind',
          'status',
          'payload',
          'attempts',
          'carrier_reference',
          'order_item_id',
          'requested_by_user_id',
          'request_id',
          'created_at',
        ])
        .where('status', 'in', ['queued', 'sent'])
        .where('carrier', 'in', this.carriers)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .limit(this.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length > 0) {
        await trx
          .updateTable('carrier_requests')
          .set({ next_attempt_at: this.later(this.options.leaseMs), updated_at: sql<Date>`now()` })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      }
      return rows as ClaimedRow[];
    });
  }

  private later(ms: number) {
    return sql<Date>`now() + ${Math.round(ms)} * interval '1 millisecond'`;
  }

  private handlerOf(row: ClaimedRow): CarrierRequestHandler {
    const handler = this.handlers.find(
      (candidate) => candidate.kinds.includes(row.kind) && candidate.carriers.includes(row.carrier),
    );
    if (!handler) throw new Error(`no handler for ${row.kind} requests to ${row.carrier} (request ${row.id})`);
    return handler;
  }

  /** On behalf of the request that placed it: its id goes to the carrier and into the log lines. */
  private handle(row: ClaimedRow): Promise<void> {
    return withRequestId(row.request_id, () => this.handleNow(row));
  }

  private async handleNow(row: ClaimedRow): Promise<void> {
    try {
      await this.step(row);
    } catch (error) {
      if (!(error instanceof CarrierRefusedError)) return this.retryLater(row, error);
      const reason = `${this.handlerOf(row).carrierName(row.carrier)} refused it: ${error.message}`;
      await this.complete(row, { state: 'failed', reason }).catch((failure: unknown) => this.retryLater(row, failure));
    }
  }

  /** One exchange with the carrier: send a queued request, or ask how a sent one is doing. */
  private async step(row: ClaimedRow): Promise<void> {
    const handler = this.handlerOf(row);
    if (row.status === 'queued') {
      const { reference, settled } = await handler.send(row);
      if (settled) {
        await this.complete(
          { ...row, carrier_reference: reference, attempts: row.attempts + 1 },
          { state: 'succeeded' },
        );
        return;
      }
      await this.update(row, {
        status: 'sent',
        carrier_reference: reference,
        attempts: row.attempts + 1,
        last_error: null,
        next_attempt_at: this.later(this.options.pollMs),
      });
      return;
    }
    if (row.carrier_reference === null) throw new Error(`request ${row.id} was sent without a carrier reference`);
    if (!handler.progress) throw new Error(`request ${row.id} was sent but its kind is settled on sending`);
    const progress = await handler.progress(row, row.carrier_reference);
    if (progress.state === 'pending') await this.update(row, { next_attempt_at: this.later(this.options.pollMs) });
    else await this.complete(row, progress);
  }

  /** Records an exchange, unless another instance has moved the request on meanwhile. */
  private async update(
    row: ClaimedRow,
    values: {
      status?: 'sent';
      carrier_reference?: string;
      attempts?: number;
      last_error?: string | null;
      next_attempt_at: ReturnType<CarrierRequestWorker['later']>;
    },
  ) {
    await writeAs(this.db, WORKER_ACTOR, (trx) =>
      trx
        .updateTable('carrier_requests')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .execute(),
    );
  }

  /** The carrier could not be reached: try again after a doubling wait, or give up once the request is too old. */
  private async retryLater(row: ClaimedRow, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    this.log.warn(
      { carrierRequestId: row.id, requestId: row.request_id, err: error },
      'carrier requests: will try again',
    );
    const age = Date.now() - new Date(row.created_at).getTime();
    if (row.status === 'queued' && age > this.giveUpAfterMs) {
      const hours = Math.round(this.giveUpAfterMs / 3_600_000);
      await this.complete(row, {
        state: 'failed',
        reason: `${this.handlerOf(row).carrierName(row.carrier)} could not be reached for ${hours} hours (${message})`,
      });
      return;
    }
    const wait = Math.min(this.maxRetryMs, this.options.retryMs * 2 ** Math.min(row.attempts, 20));
    // Up to a fifth more, so requests that failed together do not all come back at the same moment.
    const jittered = wait * (1 + Math.random() / 5);
    await this.update(row, {
      attempts: row.attempts + 1,
      last_error: message.slice(0, 1000),
      next_attempt_at: this.later(jittered),
    });
  }

  /**
   * Records the carrier's final word: the status (and the carrier's reference, for a request settled on sending)
   * and what the handler writes with it (events, e-mail), all in one transaction, guarded on the status it came
   * from so only one instance records it.
   */
  private async complete(row: ClaimedRow, outcome: CarrierChangeOutcome) {
    const failed = outcome.state === 'failed';
    await writeAs(this.db, WORKER_ACTOR, async (trx) => {
      const updated = await trx
        .updateTable('carrier_requests')
        .set({
          status: failed ? 'failed' : 'succeeded',
          carrier_reference: row.carrier_reference,
          attempts: row.attempts,
          last_error: failed ? outcome.reason.slice(0, 1000) : null,
          next_attempt_at: null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return;
      await this.handlerOf(row).completed(trx, row, outcome);
    });
    this.log.info(
      { carrierRequestId: row.id, requestId: row.request_id, outcome: outcome.state },
      'carrier requests: completed',
    );
  }
}
