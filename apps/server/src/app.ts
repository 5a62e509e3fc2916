import type { CarrierRegistry } from '@portal/contract';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type AccessTokens, createAccessTokens } from './auth/access-tokens.js';
import { PrincipalCache } from './auth/principal-cache.js';
import { registerRouteAccess, registerViewAsAudit } from './auth/route-access.js';
import { loadSecretBox, type SecretBox } from './auth/secret-box.js';
import { loadSigningKey } from './auth/signing-key.js';
import { type BroadbandCarriers, buildBroadbandCarriers, faultCarriersOf } from './carriers/broadband-carriers.js';
import { buildMobileCarriers, type MobileCarriers } from './carriers/mobile-carriers.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import { openConfiguredDatabase, queryLog } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { connectRedis, firstConnection } from './db/redis.js';
import { ensureDemoData } from './db/seed/ensure-demo-data.js';
import { registerApiDocs } from './http/api-docs.js';
import { installErrorHandler, sendNotFound } from './http/errors.js';
import { echoRequestId, generateRequestId } from './http/request-id.js';
import { preventApiCaching, registerSecurityHeaders } from './http/security-headers.js';
import { findWebDist, registerStaticWeb, spaFallback } from './http/static-web.js';
import { refuseUnstorableText } from './http/text-input.js';
import { CarrierRequestWorker } from './jobs/carrier-request-worker.js';
import { EmailOutboxSender } from './jobs/email-outbox-sender.js';
import { evaluateSpendAlerts } from './jobs/evaluate-spend-alerts.js';
import { faultReportHandler } from './jobs/fault-report-handler.js';
import { mobileChangeHandler } from './jobs/mobile-change-handler.js';
import { purgeExpiredCredentials } from './jobs/purge-expired-credentials.js';
import { purgeUsageDaily } from './jobs/purge-usage-daily.js';
import { Scheduler } from './jobs/scheduler.js';
import { sendScheduledReports } from './jobs/send-scheduled-reports.js';
import { UploadSweeper } from './jobs/upload-sweeper.js';
import { createMailer, type Mailer, outboxDir } from './mail/mailer.js';
import { type FaultReportUploads, faultReportUploads } from './modules/fault-reports/uploads-in-progress.js';
import { pingDatabase } from './modules/health/repository.js';
import { healthRoutes } from './modules/health/routes.js';
import { registerApiModules } from './modules/index.js';
import { requireEveryOperationRegistered } from './modules/operation-routes.js';
import { registerMetrics } from './observability/metrics-route.js';
import { Readiness } from './observability/readiness.js';
import { registerRequestContext } from './observability/request-context.js';
import { adoptLocalFiles } from './storage/adopt-local-files.js';
import { type FileStorages, openFileStorages } from './storage/configured-file-storage.js';
import { filesDir } from './storage/local-file-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: Config;
    accessTokens: AccessTokens;
    /** Encrypts what the portal keeps secret at rest: ENCRYPTION_KEY's, or the database's key (decision 0207). */
    secretBox: SecretBox;
    /** The signed-in callers this server keeps until the database announces a change (docs/decisions/0190). */
    principals: PrincipalCache;
    mailer: Mailer;
    /** What the instances share (the sign-in throttles) when REDIS_URL is set (docs/decisions/0196). */
    redis: Redis | undefined;
    carriers: MobileCarriers;
    /** The broadband carriers' diagnostics adapters (docs/decisions/0099). */
    broadbandAdapters: BroadbandCarriers;
    /** Sends the stored carrier requests; started with the server when CARRIER_WORKER is on. */
    carrierWorker: CarrierRequestWorker;
    /** Sends the e-mails queued in email_outbox; started with the server when EMAIL_SENDER is on. */
    emailSender: EmailOutboxSender;
    /** Runs the scheduled tasks once per period across all servers; started with the server when SCHEDULER is on. */
    scheduler: Scheduler;
    /** Where generated and uploaded files are kept: the database or local folders (FILE_STORAGE, decision 0198). */
    files: FileStorages;
    /** Where the fault reports' images are kept, and which uploads this process is writing (docs/decisions/0122). */
    faultUploads: FaultReportUploads;
    /** The dependencies /ready checks; a part the app depends on (Redis, a queue) registers its check here. */
    readiness: Readiness;
  }
}

export type BuildAppOptions = {
  /** A database the caller owns (tests); without it the app opens, migrates and seeds the configured one. */
  database?: DatabaseHandle;
  /** The mobile carriers' adapters; without them, those of the carriers at CARRIER_SIM_URL. */
  carriers?: MobileCarriers;
  /** The broadband carriers' adapters; without them, those at CARRIER_SIM_URL. */
  broadbandCarriers?: BroadbandCarriers;
  /**
   * The carriers whose routes the app registers; without it, the contract's registry. Tests pass a registry with an
   * entry of their own to show that an entry is all a carrier of an existing family needs.
   */
  carrierRegistry?: CarrierRegistry;
};

// A readiness probe must answer even when a dependency hangs rather than fails.
const READINESS_CHECK_TIMEOUT_MS = 2_000;

/** Builds the portal's Fastify instance without listening, so tests can drive it with `app.inject`. */
export async function buildApp(config: Config, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: generateRequestId,
    // request.ip (the sign-in throttle, the audit trail) comes from X-Forwarded-For only through a trusted proxy.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('broadbandAdapters', options.broadbandCarriers ?? buildBroadbandCarriers(config, { log: app.log }));

  const database = options.database ?? (await openOwnDatabase(config, app.log));
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('readiness', new Readiness(READINESS_CHECK_TIMEOUT_MS));
  app.readiness.register({ name: 'database', check: () => pingDatabase(database.db) });
  if (!options.database) app.addHook('onClose', () => database.close());

  try {
    const files = openFileStorages(config, database);
    app.decorate('files', files);
    // Like migrating, only for a database the app opened itself: a caller's database is the caller's to prepare.
    if (!options.database && files.kind === 'database') await adoptFilesKeptLocally(app, config);
    await registerHttp(
      app,
      config,
      options.carriers ?? buildMobileCarriers(config, { log: app.log }),
      options.carrierRegistry,
    );
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
  return app;
}

async function registerHttp(
  app: FastifyInstance,
  config: Config,
  carriers: MobileCarriers,
  carrierRegistry: CarrierRegistry | undefined,
) {
  echoRequestId(app);
  registerRequestContext(app);
  installErrorHandler(app);
  refuseUnstorableText(app);
  registerSecurityHeaders(app, { production: config.env === 'production' });
  preventApiCaching(app);
  const accessTokens = createAccessTokens(await loadSigningKey(app.database.db, config));
  app.decorate('accessTokens', accessTokens);
  app.decorate('secretBox', await loadSecretBox(app.database.db, config));
  const mailer = createMailer(config);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  if (config.env === 'production' && mailer.mode === 'outbox') {
    app.log.warn(
      { outbox: outboxDir(config.dataDir) },
      'SMTP_URL is not set: e-mails are written to the outbox folder',
    );
  }
  app.decorate('carriers', carriers);
  app.decorate('faultUploads', faultReportUploads(app.files.uploads));
  registerCarrierWorker(app, config);
  registerEmailSender(app, config);
  registerUploadSweeper(app, config);
  registerScheduler(app, config);
  const principals = new PrincipalCache(app.database, app.log);
  await principals.start();
  app.decorate('principals', principals);
  app.addHook('onClose', () => principals.close());
  registerRouteAccess(app, accessTokens, principals);
  registerViewAsAudit(app);
  requireEveryOperationRegistered(app);
  await registerApiDocs(app);

  await registerRedis(app, config);
  await app.register(healthRoutes);
  registerMetrics(app, config.metricsToken);
  await registerApiModules(app, carrierRegistry);

  const webDist = findWebDist(config.webDistDir);
  if (webDist) {
    await registerStaticWeb(app, webDist);
    app.setNotFoundHandler(spaFallback(webDist));
  } else {
    if (config.webDistDir) app.log.warn({ webDistDir: config.webDistDir }, 'no web build found; serving the API only');
    app.setNotFoundHandler(sendNotFound);
  }
}

/** Redis when configured; a server whose Redis is down still starts, and counts locally until it answers. */
async function registerRedis(app: FastifyInstance, config: Config) {
  if (!config.redisUrl) {
    app.decorate('redis', undefined);
    return;
  }
  const redis = connectRedis(config.redisUrl, app.log);
  app.decorate('redis', redis);
  app.readiness.register({ name: 'redis', required: false, check: async () => void (await redis.ping()) });
  app.addHook('onClose', async () => redis.disconnect());
  await firstConnection(redis);
}

/** The worker runs beside the routes: from when the app is ready until it starts closing (before the database). */
function registerCarrierWorker(app: FastifyInstance, config: Config) {
  const { enabled, ...options } = config.carrierWorker;
  const handlers = [
    mobileChangeHandler(app.carriers),
    faultReportHandler(app.database.db, faultCarriersOf(app.broadbandAdapters), app.faultUploads.storage),
  ];
  const worker = new CarrierRequestWorker(app.database.db, handlers, app.log, options);
  app.decorate('carrierWorker', worker);
  if (!enabled) return;
  // Only where it runs: an instance started with CARRIER_WORKER=off leaves the queue to the others.
  app.readiness.register({ name: 'carrier-worker', check: async () => worker.assertWorking() });
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
}

/** Like the carrier worker: from ready until closing starts, so the mailer (closed on close) outlives it. */
function registerEmailSender(app: FastifyInstance, config: Config) {
  const { enabled, ...options } = config.emailSender;
  const sender = new EmailOutboxSender(app.database.db, app.mailer, app.log, options);
  app.decorate('emailSender', sender);
  if (!enabled) return;
  app.addHook('onReady', async () => sender.start());
  app.addHook('preClose', async () => sender.stop());
}

/** The scheduler runs, like the worker, from when the app is ready until it starts closing (docs/decisions/0203). */
function registerScheduler(app: FastifyInstance, config: Config) {
  const { enabled, purgeExpiredCredentialsEveryMs, scheduledReportsEveryMs, spendAlertsEveryMs, ...options } =
    config.scheduler;
  const tasks = [
    purgeExpiredCredentials({ everyMs: purgeExpiredCredentialsEveryMs }),
    sendScheduledReports({ everyMs: scheduledReportsEveryMs }, { publicUrl: config.publicUrl }),
    evaluateSpendAlerts({ everyMs: spendAlertsEveryMs }, { publicUrl: config.publicUrl }),
    purgeUsageDaily(),
  ];
  const scheduler = new Scheduler(app.database.db, tasks, app.log, options);
  app.decorate('scheduler', scheduler);
  if (!enabled) return;
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
}

/** The sweep of what unfinished uploads leave (docs/decisions/0122): once when ready, then every intervalMs. */
function registerUploadSweeper(app: FastifyInstance, config: Config) {
  if (!config.uploadSweep.enabled) return;
  const sweeper = new UploadSweeper(app.database.db, app.faultUploads, app.log, config.uploadSweep.intervalMs);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Files an earlier version kept in local folders move into the database before any worker may look for them. */
async function adoptFilesKeptLocally(app: FastifyInstance, config: Config) {
  const moved = await adoptLocalFiles(app.files.generated, [filesDir(config.dataDir), config.uploadsDir]);
  if (moved > 0) app.log.info({ moved }, 'files: moved the files kept in local folders into the database');
}

async function openOwnDatabase(config: Config, log: FastifyBaseLogger): Promise<DatabaseHandle> {
  const handle = await openConfiguredDatabase(config, queryLog(log, config.slowQueryMs));
  try {
    const { applied } = await migrateToLatest(handle.db);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
    await ensureDemoData(handle, config.seed, log);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Fastify trusts a hop count too, but its types lack it: the same rule as a function (trust the first n hops). */
function fastifyTrustProxy(trustProxy: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers["dash-authorization"]', 'req.headers.cookie'],
    // pino-pretty is a dev dependency: only a developer's terminal gets it, never a production log collector.
    ...(config.env === 'development' && process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}
