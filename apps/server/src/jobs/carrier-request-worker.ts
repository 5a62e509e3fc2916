import { EMAIL_CONFIRMING_SUPPLIER_ID } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { changesOf, type MobileCarrierKey } from '../carriers/carrier-adapters.js';
import { CarrierRefusedError } from '../carriers/mobile-carrier.js';
import type { MobileCarriers } from '../carriers/mobile-carriers.js';
import type { CarrierWorkerConfig } from '../config.js';
import { type Actor, writeAs } from '../db/audit.js';
import type { Database } from '../db/schema.js';
import { type CarrierChangeOutcome, carrierChangeEmail } from '../mail/carrier-change-email.js';
import type { Mailer } from '../mail/mailer.js';
import type { CarrierRequestPayload } from '../modules/mobile-carriers/repository.js';

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
 */

const MOBILE_CARRIERS: readonly MobileCarrierKey[] = ['mobile-33', 'mobile-27-36'];
const WORKER_ACTOR: Actor = { userId: null, requestId: 'carrier-worker' };
/** Who the completion events are by: the portal itself, as the demo data's system events. */
const SYSTEM_USER = 'System';
const CARRIER_NAMES: Record<MobileCarrierKey, string> = {
  'mobile-33': 'Halo Mobile',
  'mobile-27-36': 'Vertex Wireless',
};

export type CarrierWorkerOptions = Omit<CarrierWorkerConfig, 'enabled'> & {
  /** Requests claimed at once. */
  batchSize?: number;
  /** The longest wait between two attempts while a carrier stays unreachable. */
  maxRetryMs?: number;
  /** A request the carrier has still not accepted this long after it was placed fails. */
  giveUpAfterMs?: number;
};

type ClaimedRow = {
  id: number;
  carrier: MobileCarrierKey;
  kind: 'call_barring' | 'sim_swap' | 'spend_limit_unbar';
  status: 'queued' | 'sent';
  payload: CarrierRequestPayload;
  attempts: number;
  carrier_reference: string | null;
  order_item_id: number | null;
  requested_by_user_id: number | null;
  created_at: Date;
};

export class CarrierRequestWorker {
  private readonly batchSize: number;
  private readonly maxRetryMs: number;
  private readonly giveUpAfterMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly carriers: MobileCarriers,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly options: CarrierWorkerOptions,
  ) {
    this.batchSize = options.batchSize ?? 20;
    this.maxRetryMs = options.maxRetryMs ?? 15 * 60_000;
    this.giveUpAfterMs = options.giveUpAfterMs ?? 24 * 3_600_000;
  }

  /** Looks for due requests every pollMs until stopped. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  /** Stops looking and waits for the requests in hand; what is left stays due in the table. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
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

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .then(
          () => undefined,
          (error: unknown) => this.log.error({ err: error }, 'carrier requests: a round failed'),
        )
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.options.pollMs);
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
          'created_at',
        ])
        .where('status', 'in', ['queued', 'sent'])
        .where('carrier', 'in', MOBILE_CARRIERS)
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

  private async handle(row: ClaimedRow): Promise<void> {
    try {
      await this.step(row);
    } catch (error) {
      if (!(error instanceof CarrierRefusedError)) return this.retryLater(row, error);
      const reason = `${CARRIER_NAMES[row.carrier]} refused it: ${error.message}`;
      await this.complete(row, { state: 'failed', reason }).catch((failure: unknown) => this.retryLater(row, failure));
    }
  }

  /** One exchange with the carrier: send a queued request, or ask how a sent one is doing. */
  private async step(row: ClaimedRow): Promise<void> {
    const changes = changesOf(this.carriers, row.carrier);
    if (row.status === 'queued') {
      const { reference } = await changes.send(row.payload.line, row.payload.change, String(row.id));
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
    const progress = await changes.progress(row.carrier_reference);
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
    this.log.warn({ carrierRequestId: row.id, err: error }, 'carrier requests: will try again');
    const age = Date.now() - new Date(row.created_at).getTime();
    if (row.status === 'queued' && age > this.giveUpAfterMs) {
      const hours = Math.round(this.giveUpAfterMs / 3_600_000);
      await this.complete(row, {
        state: 'failed',
        reason: `${CARRIER_NAMES[row.carrier]} could not be reached for ${hours} hours (${message})`,
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
   * Records the carrier's final word: the status, the Succeeded or Failed event on the order item and, for
   * supplier 36, the requester's e-mail, all in one transaction. A mail server that fails rolls it back, so the
   * request is completed again later: the e-mail may go twice, but never not at all, and the event goes once.
   */
  private async complete(row: ClaimedRow, outcome: CarrierChangeOutcome) {
    const { payload } = row;
    const failed = outcome.state === 'failed';
    await writeAs(this.db, WORKER_ACTOR, async (trx) => {
      const updated = await trx
        .updateTable('carrier_requests')
        .set({
          status: failed ? 'failed' : 'succeeded',
          last_error: failed ? outcome.reason.slice(0, 1000) : null,
          next_attempt_at: null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return;
      if (payload.addEvent && row.order_item_id !== null) {
        await trx
          .insertInto('order_events')
          .values({
            order_item_id: row.order_item_id,
            created_date: sql<Date>`now()`,
            user_name: SYSTEM_USER,
            notes: failed
              ? `${payload.summary} (request ${row.id}) failed: ${outcome.reason}`
              : `${payload.summary} (request ${row.id}) completed`,
            status: failed ? 'Failed' : 'Succeeded',
          })
          .execute();
      }
      if (payload.line.supplierId === EMAIL_CONFIRMING_SUPPLIER_ID && row.requested_by_user_id !== null) {
        const requester = await trx
          .selectFrom('users')
          .innerJoin('partners', 'partners.id', 'users.partner_id')
          .select(['users.user_name', 'users.email_address', 'partners.name as partner_name'])
          .where('users.id', '=', row.requested_by_user_id)
          .executeTakeFirst();
        if (requester) {
          const mail = carrierChangeEmail({
            userName: requester.user_name,
            partnerName: requester.partner_name,
            cli: payload.line.cli,
            kind: row.kind,
            summary: payload.summary,
            outcome,
          });
          await this.mailer.send({ to: requester.email_address, ...mail });
        }
      }
    });
    this.log.info({ carrierRequestId: row.id, outcome: outcome.state }, 'carrier requests: completed');
  }
}
