import {
  type AccessType,
  type FunctionalityCode,
  type ProfileLevel,
  REPORT_ACCESS,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_STOPPED_REASONS,
  type ReportKind,
  type ReportSubscription,
  type ReportSubscriptionSave,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Actor, writeAs } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { queueEmail } from '../../mail/email-outbox.js';
import { type EstateCaller, type EstateScope, estateScope } from '../../scope/estate-scope.js';
import { writeInScope } from '../../scope/scoped-write.js';
import { ukDay } from '../usage/usage-calendar.js';
import { buildReport } from './report-data.js';
import { reportEmail } from './report-email.js';
import { renderReport } from './report-files.js';
import { nextReportRun } from './report-period.js';
import {
  attempt,
  claimDue,
  countOwn,
  databaseNow,
  deleteOwn,
  insertOwn,
  listOwn,
  lockOwn,
  lockOwner,
  recordRun,
  type SubscriptionRow,
  subscriberRow,
  subscriptionOf,
  updateOwn,
} from './repository.js';

/*
 * Scheduled reports by e-mail (docs/decisions/0216). A subscription is its user's own. Each kind needs the
 * permission of the pages that show its figures: checked on every save, on "Send now", and each time the scheduled
 * run builds it, with the subscriber's access as it is then. A run that finds it gone stops the subscription and says
 * why; the subscriber resumes it (a save) once the access is back.
 */

type Can = (code: FunctionalityCode, accessType: AccessType) => boolean;

export function mayHave(can: Can, kind: ReportKind): boolean {
  const access = REPORT_ACCESS[kind];
  if (typeof access === 'string' || !('anyOf' in access)) return true;
  return access.anyOf.some((grant) => can(grant.code, grant.accessType));
}

/**
 * A kind the caller may not have is refused as bad input naming the kind (400), not 403: the operation itself is
 * open to every signed-in user, and 403 says that the caller may not call it at all.
 */
function refuseKind(can: Can, kind: ReportKind) {
  if (!mayHave(can, kind)) throw invalidField('kind', 'permission', REPORT_MESSAGES.notAllowed(kind));
}

const nextRunOf = (save: ReportSubscriptionSave, now: Date) =>
  save.paused ? null : nextReportRun(save.frequency, now);

export type ReportSettings = {
  /** The portal's public URL, ending in a slash: the e-mail links to the subscriptions screen below it. */
  publicUrl: string;
};

/** A subscriber as the scheduled run reads them: their estate, their permissions, their address; now. */
type Subscriber = {
  caller: EstateCaller;
  userName: string;
  emailAddress: string;
  partnerName: string;
};

async function loadSubscriber(db: Kysely<Database>, userId: number): Promise<Subscriber | undefined> {
  const row = await subscriberRow(db, userId);
  if (!row) return undefined;
  const held = new Set(row.grants);
  return {
    caller: {
      userId: row.id,
      partnerId: row.partner_id,
      profile: { id: row.profile_id, name: row.profile_name, level: row.profile_level as ProfileLevel },
      can: (code, accessType) => held.has(`${code}:${accessType}`),
    },
    userName: row.user_name,
    emailAddress: row.email_address,
    partnerName: row.partner_name,
  };
}

/**
 * Builds the report with the subscriber's estate as it is now, read through `trx`, and queues its e-mail in that
 * transaction: the queued e-mail and what the caller records of the run commit together, or neither.
 */
async function queueReport(
  trx: Kysely<Database>,
  row: SubscriptionRow,
  subscriber: Subscriber,
  settings: ReportSettings,
  now: Date,
): Promise<void> {
  const scope = estateScope(trx, subscriber.caller);
  const report = await buildReport(scope, row.kind, subscriber.userName, now);
  const file = await renderReport(report, row.format, ukDay(now));
  const recipients = [...new Set([...(row.send_to_me ? [subscriber.emailAddress] : []), ...row.emails])];
  const email = reportEmail({
    kind: row.kind,
    format: row.format,
    frequency: row.frequency,
    period: report.period,
    builtAt: report.builtAt,
    subscriberName: subscriber.userName,
    companyNames: report.sections.map((section) => section.companyName),
    partnerName: subscriber.partnerName,
    reportsUrl: new URL('reports', settings.publicUrl).href,
  });
  await queueEmail(trx, { to: recipients, ...email, attachments: [file] });
}

export function reportService(db: Kysely<Database>, settings: ReportSettings) {
  return {
    async list(scope: EstateScope): Promise<ReportSubscription[]> {
      return (await listOwn(scope)).map(subscriptionOf);
    },

    async create(scope: EstateScope, actor: Actor, save: ReportSubscriptionSave): Promise<ReportSubscription> {
      refuseKind(scope.caller.can, save.kind);
      return writeInScope(scope, actor, async (inTrx) => {
        await lockOwner(inTrx);
        if ((await countOwn(inTrx)) >= REPORT_LIMITS.maxSubscriptions) {
          throw invalidField('kind', 'max_subscriptions', REPORT_MESSAGES.tooMany);
        }
        return subscriptionOf(await insertOwn(inTrx, save, nextRunOf(save, await databaseNow(inTrx.db))));
      });
    },

    async update(scope: EstateScope, actor: Actor, id: number, save: ReportSubscriptionSave) {
      return writeInScope(scope, actor, async (inTrx) => {
        if (!(await lockOwn(inTrx, id))) throw notFound();
        refuseKind(scope.caller.can, save.kind);
        return subscriptionOf(await updateOwn(inTrx, id, save, nextRunOf(save, await databaseNow(inTrx.db))));
      });
    },

    async remove(scope: EstateScope, actor: Actor, id: number): Promise<void> {
      await writeInScope(scope, actor, async (inTrx) => {
        if (!(await deleteOwn(inTrx, id))) throw notFound();
      });
    },

    /** Builds and queues the report now, whatever its state; its schedule stays as it was. */
    async sendNow(scope: EstateScope, actor: Actor, id: number): Promise<ReportSubscription> {
      return writeInScope(scope, actor, async (inTrx) => {
        const row = await lockOwn(inTrx, id);
        if (!row) throw notFound();
        // The subscription stands as it is; it cannot be sent while its owner lacks the access its report needs.
        if (!mayHave(scope.caller.can, row.kind)) throw conflict(REPORT_MESSAGES.notAllowed(row.kind));
        const subscriber = await loadSubscriber(inTrx.db, scope.caller.userId);
        if (!subscriber) throw notFound();
        const now = await databaseNow(inTrx.db);
        await queueReport(inTrx.db, row, subscriber, settings, now);
        return subscriptionOf(await recordRun(inTrx.db, row.id, { last_run_at: now, last_error: null }));
      });
    },

    /**
     * The scheduled run: claims each due subscription in a transaction of its own (FOR UPDATE SKIP LOCKED), builds
     * its report with its subscriber's access now and queues the e-mail, and moves next_run_at to the next time, so
     * a report is queued once per period however many servers run at once. A subscriber who lost the kind's
     * permission gets nothing: the subscription stops and says why. Answers how many were queued and stopped.
     */
    async runDue(log: FastifyBaseLogger): Promise<{ queued: number; stopped: number; failed: number }> {
      const counts = { queued: 0, stopped: 0, failed: 0 };
      // Bounded, so one round cannot run forever if a row somehow stays due.
      for (let round = 0; round < 1000; round++) {
        const outcome = await writeAs(db, { userId: null, requestId: null }, async (trx) => {
          const row = await claimDue(trx);
          if (!row) return 'none' as const;
          const now = await databaseNow(trx);
          const subscriber = await loadSubscriber(trx, row.user_id);
          if (!subscriber || !mayHave(subscriber.caller.can, row.kind)) {
            await recordRun(trx, row.id, {
              next_run_at: null,
              stopped_reason: REPORT_STOPPED_REASONS.permissionRemoved(row.kind),
            });
            return 'stopped' as const;
          }
          const next = nextReportRun(row.frequency, now);
          const error = await attempt(trx, () => queueReport(trx, row, subscriber, settings, now));
          if (error !== undefined) {
            // Tried again at its next time, not at once: a report that cannot be built now would fail again.
            log.error({ err: error, subscriptionId: row.id }, 'scheduled reports: a report could not be built');
            const message = error instanceof Error ? error.message : String(error);
            await recordRun(trx, row.id, { next_run_at: next, last_error: message.slice(0, 1000) });
            return 'failed' as const;
          }
          await recordRun(trx, row.id, { next_run_at: next, last_run_at: now, last_error: null });
          return 'queued' as const;
        });
        if (outcome === 'none') break;
        counts[outcome]++;
      }
      return counts;
    },
  };
}

export type ReportService = ReturnType<typeof reportService>;
