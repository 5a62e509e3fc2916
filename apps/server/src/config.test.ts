import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to reject the environment');
}

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      env: 'development',
      host: '0.0.0.0',
      port: 3000,
      dataDir: path.resolve('./data'),
      fileStorage: undefined,
      uploadsDir: path.resolve('./data/uploads'),
      faultReportQuotaBytes: 1_073_741_824,
      uploadSweep: { enabled: true, intervalMs: 3_600_000 },
      databaseUrl: undefined,
      redisUrl: undefined,
      logLevel: 'info',
      slowQueryMs: 500,
      seed: 'small',
      webDistDir: undefined,
      carrierSimUrl: 'http://127.0.0.1:3100',
      carrierWorker: { enabled: true, pollMs: 1000, retryMs: 5000, leaseMs: 60_000 },
      emailSender: { enabled: true, pollMs: 1000, retryMs: 30_000, leaseMs: 300_000, maxAttempts: 10 },
      scheduler: {
        enabled: true,
        pollMs: 15_000,
        leaseMs: 600_000,
        purgeExpiredCredentialsEveryMs: 3_600_000,
        spendAlertsEveryMs: 60_000,
      },
      haloApiKey: 'halo-demo-key',
      vertexApiToken: 'vertex-demo-token',
      keystoneApiKey: 'keystone-demo-key',
      skylarkApiToken: 'skylark-demo-token',
      smtpUrl: undefined,
      mailFrom: 'Business Portal <no-reply@portal.localhost>',
      trustProxy: false,
      metricsToken: undefined,
      tracing: false,
      publicUrl: 'http://localhost:3000/',
      publicUrlSet: false,
      ssoAllowHttpIssuers: false,
    });
  });

  it('keeps metrics off without a token and refuses a short one (decision 0199)', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-operator-token' }).metricsToken).toBe(
      'a-long-enough-operator-token',
    );
    expect(configErrorOf({ METRICS_TOKEN: 'short' }).message).toMatch(/^\s+METRICS_TOKEN: /m);
  });

  it.each([
    [undefined, false],
    ['none', false],
    ['otlp', true],
    ['console', true],
    ['none,otlp', true],
  ])('turns tracing on only when OTEL_TRACES_EXPORTER=%j names an exporter (decision 0200)', (value, on) => {
    expect(loadConfig(value === undefined ? {} : { OTEL_TRACES_EXPORTER: value }).tracing).toBe(on);
  });

  it('refuses an OTEL_TRACES_EXPORTER it cannot start', () => {
    expect(configErrorOf({ OTEL_TRACES_EXPORTER: 'jaeger' }).message).toMatch(/^\s+OTEL_TRACES_EXPORTER: /m);
  });

  it('takes the public URL the e-mails link to, keeping a base path (decision 0139)', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080/');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.co.uk' }).publicUrl).toBe('https://portal.example.co.uk/');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.co.uk' }).publicUrlSet).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://example.co.uk/portal' }).publicUrl).toBe('https://example.co.uk/portal/');
    expect(configErrorOf({ PUBLIC_URL: 'ftp://example.co.uk' }).message).toContain('PUBLIC_URL');
    expect(configErrorOf({ PUBLIC_URL: 'https://example.co.uk/?next=1' }).message).toContain('PUBLIC_URL');
  });

  it('serves the web build beside the server by default in production', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads valid values', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      DATABASE_URL: 'postgresql://portal:secret@localhost:5432/portal',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: 'some/dist',
      FAULT_REPORT_QUOTA_BYTES: '5000',
      UPLOAD_SWEEP: 'off',
      UPLOAD_SWEEP_INTERVAL_MS: '60000',
      CARRIER_READ_TIMEOUT_MS: '4000',
      FILE_STORAGE: 'local',
    });
    expect(config).toMatchObject({
      env: 'test',
      port: 8080,
      databaseUrl: 'postgresql://portal:secret@localhost:5432/portal',
      seed: 'none',
      logLevel: 'warn',
      webDistDir: path.resolve('some/dist'),
      faultReportQuotaBytes: 5000,
      uploadSweep: { enabled: false, intervalMs: 60_000 },
      carrierReadTimeoutMs: 4000,
      fileStorage: 'local',
    });
  });

  it('rejects a FILE_STORAGE other than database or local', () => {
    expect(loadConfig({ FILE_STORAGE: 'database' }).fileStorage).toBe('database');
    expect(configErrorOf({ FILE_STORAGE: 's3' }).message).toMatch(/^\s+FILE_STORAGE: /m);
  });

  it.each(['50', 'soon', '60001'])('rejects CARRIER_READ_TIMEOUT_MS=%s naming the variable', (value) => {
    expect(configErrorOf({ CARRIER_READ_TIMEOUT_MS: value }).message).toMatch(/^\s+CARRIER_READ_TIMEOUT_MS: /m);
  });

  it('reads the scheduler, and refuses a purge more often than every second (decision 0203)', () => {
    const config = loadConfig({
      SCHEDULER: 'off',
      SCHEDULER_POLL_MS: '500',
      PURGE_EXPIRED_CREDENTIALS_EVERY_MS: '60000',
    });
    expect(config.scheduler).toMatchObject({ enabled: false, pollMs: 500, purgeExpiredCredentialsEveryMs: 60_000 });
    expect(configErrorOf({ PURGE_EXPIRED_CREDENTIALS_EVERY_MS: '10' }).message).toContain(
      'PURGE_EXPIRED_CREDENTIALS_EVERY_MS',
    );
  });

  it('reads how often spend alerts are evaluated, once a minute unless set, never more than once a second', () => {
    expect(loadConfig({}).scheduler.spendAlertsEveryMs).toBe(60_000);
    expect(loadConfig({ SPEND_ALERTS_EVERY_MS: '5000' }).scheduler.spendAlertsEveryMs).toBe(5000);
    expect(configErrorOf({ SPEND_ALERTS_EVERY_MS: '999' }).message).toContain('SPEND_ALERTS_EVERY_MS');
  });

  it.each(['abc', '70000', '0', '3000.5'])('rejects PORT=%s naming the variable', (port) => {
    expect(configErrorOf({ PORT: port }).message).toMatch(/^\s+PORT: /m);
  });

  it('rejects a DATABASE_URL that is not postgres', () => {
    const error = configErrorOf({ DATABASE_URL: 'http://db.example.com/portal' });
    expect(error.message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it.each([
    'smtp://mail.example.com:587',
    'smtps://user:p%40ss@mail.example.com',
    'smtp://127.0.0.1:2525?requireTLS=true',
  ])('reads SMTP_URL=%s', (url) => {
    expect(loadConfig({ SMTP_URL: url }).smtpUrl).toBe(url);
  });

  it('rejects an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(configErrorOf({ SMTP_URL: 'http://mail.example.com' }).message).toContain(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
    expect(configErrorOf({ SMTP_URL: 'mail.example.com' }).message).toContain('SMTP_URL');
  });

  it.each(['Northwind Portal <portal@northwind.example>', 'portal@northwind.example', '"Portal, Ltd" <p@x.example>'])(
    'reads MAIL_FROM=%s',
    (from) => {
      expect(loadConfig({ MAIL_FROM: from }).mailFrom).toBe(from);
    },
  );

  it.each(['', 'Portal', 'Portal <portal>', 'a@b, c@d'])('rejects MAIL_FROM=%j', (from) => {
    expect(configErrorOf({ MAIL_FROM: from }).message).toMatch(/^\s+MAIL_FROM: /m);
  });

  it.each([
    ['false', false],
    ['', false],
    ['0', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    [' 10.0.0.0/8, 192.0.2.7 ,::1,fd00::/8 ', ['10.0.0.0/8', '192.0.2.7', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY=%j', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it.each(['yes', '-1', '1.5', '10.0.0.0/33', 'proxy.example.com', '127.0.0.1,,::1'])(
    'rejects TRUST_PROXY=%j naming the variable',
    (value) => {
      expect(configErrorOf({ TRUST_PROXY: value }).message).toMatch(/^\s+TRUST_PROXY: /m);
    },
  );

  it('lists every bad variable at once', () => {
    const message = configErrorOf({ PORT: 'abc', NODE_ENV: 'staging', SEED: 'huge' }).message;
    expect(message).toContain('PORT');
    expect(message).toContain('NODE_ENV');
    expect(message).toContain('SEED');
  });
});
