import path from 'node:path';
import { FAULT_REPORT_IMAGE_QUOTA } from '@portal/contract';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65_535);

/** Fastify's `trustProxy`: whom to believe about the client's address (docs/operations.md, Behind a proxy). */
export type TrustProxy = boolean | number | string[];

// proxy-addr's names for address ranges, which Fastify accepts beside addresses and CIDRs.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;
const ProxyAddressSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(PROXY_RANGE_NAMES)]);

const TrustProxySchema = z
  .string()
  .trim()
  .transform((text, ctx): TrustProxy => {
    if (text === '' || text === 'false') return false;
    if (text === 'true') return true;
    if (/^[0-9]+$/.test(text)) return Number(text) === 0 ? false : Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    for (const entry of entries) {
      if (!ProxyAddressSchema.safeParse(entry).success) {
        ctx.addIssue({
          code: 'custom',
          message: `'${entry}' is not true, false, a hop count or an IP address, CIDR range, loopback, linklocal or uniquelocal`,
        });
        return z.NEVER;
      }
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOADS_DIR: z.string().min(1).optional(),
  FILE_STORAGE: z.enum(['database', 'local']).optional(),
  FAULT_REPORT_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .default(FAULT_REPORT_IMAGE_QUOTA.bytes),
  UPLOAD_SWEEP: z.enum(['on', 'off']).default('on'),
  UPLOAD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).max(86_400_000).default(3_600_000),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SLOW_QUERY_MS: z.coerce.number().int().min(0).max(600_000).default(500),
  SEED: z.enum(['small', 'none']).default('small'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  CARRIER_SIM_URL: z.url().default('http://127.0.0.1:3100'),
  CARRIER_WORKER: z.enum(['on', 'off']).default('on'),
  CARRIER_WORKER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  CARRIER_WORKER_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  CARRIER_WORKER_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  EMAIL_SENDER: z.enum(['on', 'off']).default('on'),
  EMAIL_SENDER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  EMAIL_SENDER_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  EMAIL_SENDER_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  EMAIL_SENDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  // The scheduler of tasks that run once per period across all servers (decision 0203).
  SCHEDULER: z.enum(['on', 'off']).default('on'),
  SCHEDULER_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(15_000),
  SCHEDULER_LEASE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
  PURGE_EXPIRED_CREDENTIALS_EVERY_MS: z.coerce.number().int().min(1000).max(604_800_000).default(3_600_000),
  // How often the spend alert rules are evaluated against usage_daily (decision 0213).
  SPEND_ALERTS_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  // One try of a carrier read (a device's status, a line's history); unset, the adapters' own (2.5 s). A send's
  // limit (5 s) caps it.
  CARRIER_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  // The simulator's own defaults; a real carrier's key and token come from the environment (docs/decisions/0085).
  HALO_API_KEY: z.string().trim().min(1).default('halo-demo-key'),
  VERTEX_API_TOKEN: z.string().trim().min(1).default('vertex-demo-token'),
  KEYSTONE_API_KEY: z.string().trim().min(1).default('keystone-demo-key'),
  SKYLARK_API_TOKEN: z.string().trim().min(1).default('skylark-demo-token'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^[^@<>]*<[^@<>\s]+@[^@<>\s]+>$|^[^@<>\s]+@[^@<>\s]+$/, 'must be an address or Name <address>')
    .default('Business Portal <no-reply@portal.localhost>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // Identity providers are reached over HTTPS only, unless this is true (development and tests, decision 0208).
  SSO_ALLOW_HTTP_ISSUERS: z.enum(['true', 'false']).default('false'),
  TRUST_PROXY: TrustProxySchema.default(false),
  // The bearer token Prometheus sends for /metrics; unset, /metrics answers 404 (docs/decisions/0199).
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  // OpenTelemetry's own variable; tracing is off unless it names an exporter (docs/decisions/0200). The SDK reads
  // the rest (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME, ...) itself.
  OTEL_TRACES_EXPORTER: z
    .string()
    .trim()
    .regex(
      /^(none|otlp|zipkin|console)(,(none|otlp|zipkin|console))*$/,
      'must be otlp, zipkin, console or none (or a comma-separated list)',
    )
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((url) => !/[?#]/.test(url), 'must have no query or fragment')
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /**
   * Where files (uploaded images, generated bills) are kept: in the database, which every server on it reads, or in
   * local folders (uploadsDir and DATA_DIR/files). Unset: the database on PostgreSQL, local folders on the embedded
   * database, which only ever has one server (decision 0198).
   */
  fileStorage: 'database' | 'local' | undefined;
  /** Where uploaded files (the fault reports' trace-route images) are kept locally; DATA_DIR/uploads unless set. */
  uploadsDir: string;
  /** How many bytes of images one company's fault reports may store over FAULT_REPORT_IMAGE_QUOTA.days (0122). */
  faultReportQuotaBytes: number;
  /** The sweep of what unfinished uploads leave in uploadsDir: at start and every intervalMs, unless off (0122). */
  uploadSweep: { enabled: boolean; intervalMs: number };
  databaseUrl: string | undefined;
  /** Where the instances keep what they must share (the sign-in throttles); unset, each keeps its own (0196). */
  redisUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  slowQueryMs: number;
  /** Which demo data to load into an empty database on start. */
  seed: 'small' | 'none';
  /** Built web app to serve; undefined means API only (dev runs the Vite server instead). */
  webDistDir: string | undefined;
  carrierSimUrl: string;
  /** CARRIER_READ_TIMEOUT_MS; unset, the adapters' default. */
  carrierReadTimeoutMs?: number | undefined;
  /** The worker that sends stored carrier requests (docs/decisions/0088); off, requests wait in the table. */
  carrierWorker: CarrierWorkerConfig;
  /** The sender of the e-mails queued in email_outbox (docs/decisions/0197); off, they wait in the table. */
  emailSender: EmailSenderConfig;
  /** The scheduled tasks (docs/decisions/0203); off, this server runs none (another server may). */
  scheduler: SchedulerConfig;
  /** Halo Mobile's X-Api-Key and Vertex Wireless's bearer token. */
  haloApiKey: string;
  vertexApiToken: string;
  /** Keystone Networks' X-Keystone-Key and Skylark Fibre's bearer token (docs/decisions/0096). */
  keystoneApiKey: string;
  skylarkApiToken: string;
  /** Outgoing mail server (smtp:// or smtps://, credentials and options in the URL); unset, mail is written as .eml
   * files to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** From address of every e-mail the portal sends. */
  mailFrom: string;
  /** Signs access tokens; unset, a random one is kept in the database, shared by every server on it (decision 0195). */
  jwtSecret: string | undefined;
  /**
   * Encrypts the secrets the portal keeps (the authenticator apps' keys, the identity providers' client secrets);
   * unset, a random key is kept in the database, shared by every server on it (decisions 0207, 0208).
   */
  encryptionKey: string | undefined;
  /** Whether an identity provider's issuer may be an http:// URL (development and tests only). */
  ssoAllowHttpIssuers: boolean;
  /** Whether, and which, proxies' X-Forwarded-For/-Proto/-Host are believed; off, the connection's peer is the
   * client (so a forged header cannot dodge the sign-in throttle). */
  trustProxy: TrustProxy;
  /** The bearer token /metrics asks for; undefined, no metrics are kept and /metrics answers 404. */
  metricsToken: string | undefined;
  /** Whether OpenTelemetry tracing is on (OTEL_TRACES_EXPORTER names an exporter other than none). */
  tracing: boolean;
  /** Where users reach the portal, ending in a slash: e-mails link to its sign-in page (docs/decisions/0139). */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set, rather than defaulted: only then is it the origin passkeys are bound to; without it
   * they follow the origin each request names (docs/decisions/0209).
   */
  publicUrlSet: boolean;
};

export type CarrierWorkerConfig = {
  enabled: boolean;
  /** How often due requests are looked for, and how soon a sent request is asked about again. */
  pollMs: number;
  /** The first wait after a carrier could not be reached; each further attempt waits twice as long (capped). */
  retryMs: number;
  /** How long a claimed request is left to its instance before another may take it over (its instance died). */
  leaseMs: number;
};

export type EmailSenderConfig = {
  enabled: boolean;
  /** How often due e-mails are looked for. */
  pollMs: number;
  /** The first wait after the mail server failed; each further attempt waits twice as long (capped at an hour). */
  retryMs: number;
  /**
   * How long a claimed e-mail is left to its server before another may send it (its server died). Longer than a
   * send can take (the mailer's timeouts), or a slow send could go twice.
   */
  leaseMs: number;
  /** Attempts before an e-mail is given up as failed. */
  maxAttempts: number;
};

export type SchedulerConfig = {
  enabled: boolean;
  /** How often due tasks are looked for. */
  pollMs: number;
  /** How long a run holds its task before another server may take it over (its server died). */
  leaseMs: number;
  /** How often expired sessions and temporary passwords are deleted. */
  purgeExpiredCredentialsEveryMs: number;
  /** How often the spend alert rules are evaluated (decision 0213). */
  spendAlertsEveryMs: number;
};

export class ConfigError extends Error {}

/** Reads and validates the environment once at start; a bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    fileStorage: e.FILE_STORAGE,
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    faultReportQuotaBytes: e.FAULT_REPORT_QUOTA_BYTES,
    uploadSweep: { enabled: e.UPLOAD_SWEEP === 'on', intervalMs: e.UPLOAD_SWEEP_INTERVAL_MS },
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    slowQueryMs: e.SLOW_QUERY_MS,
    seed: e.SEED,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : production ? defaultWebDist() : undefined,
    carrierSimUrl: e.CARRIER_SIM_URL,
    carrierReadTimeoutMs: e.CARRIER_READ_TIMEOUT_MS,
    carrierWorker: {
      enabled: e.CARRIER_WORKER === 'on',
      pollMs: e.CARRIER_WORKER_POLL_MS,
      retryMs: e.CARRIER_WORKER_RETRY_MS,
      leaseMs: e.CARRIER_WORKER_LEASE_MS,
    },
    emailSender: {
      enabled: e.EMAIL_SENDER === 'on',
      pollMs: e.EMAIL_SENDER_POLL_MS,
      retryMs: e.EMAIL_SENDER_RETRY_MS,
      leaseMs: e.EMAIL_SENDER_LEASE_MS,
      maxAttempts: e.EMAIL_SENDER_MAX_ATTEMPTS,
    },
    scheduler: {
      enabled: e.SCHEDULER === 'on',
      pollMs: e.SCHEDULER_POLL_MS,
      leaseMs: e.SCHEDULER_LEASE_MS,
      purgeExpiredCredentialsEveryMs: e.PURGE_EXPIRED_CREDENTIALS_EVERY_MS,
      spendAlertsEveryMs: e.SPEND_ALERTS_EVERY_MS,
    },
    haloApiKey: e.HALO_API_KEY,
    vertexApiToken: e.VERTEX_API_TOKEN,
    keystoneApiKey: e.KEYSTONE_API_KEY,
    skylarkApiToken: e.SKYLARK_API_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    ssoAllowHttpIssuers: e.SSO_ALLOW_HTTP_ISSUERS === 'true',
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    tracing: tracingOn(e.OTEL_TRACES_EXPORTER),
    publicUrl: withTrailingSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}/`),
    publicUrlSet: e.PUBLIC_URL !== undefined,
  };
}

/** OpenTelemetry exports traces by default when the SDK runs; here it runs only when an exporter is named. */
export function tracingOn(exporters: string | undefined): boolean {
  return (exporters ?? '').split(',').some((name) => name.trim() !== '' && name.trim() !== 'none');
}

// A base path (https://example.com/portal) is a folder the sign-in page lies in, not a file beside it.
function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

function defaultWebDist(): string {
  // dist/main.js lives in apps/server/dist; the web build sits beside it in apps/web/dist.
  return path.resolve(import.meta.dirname, '../../web/dist');
}
