import type { CarrierRegistry } from '@portal/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { buildBroadbandCarriers } from '../../src/carriers/broadband-carriers.js';
import { buildMobileCarriers } from '../../src/carriers/mobile-carriers.js';
import type { ResilienceTimings } from '../../src/carriers/resilience.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { appEngine, openPgliteCopy, type TestDatabase } from './test-databases.js';

export { DEMO_ANCHOR_DAY } from './database-templates.js';

/** A PGlite database of its own with the current schema and no demo data; close() also removes it. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  return (await openPgliteCopy('migrated')).handle;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SEED: 'none',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-signing-secret-of-at-least-32-characters',
    // Tests that need the carrier worker drive it (app.carrierWorker.runOnce) or turn it on.
    CARRIER_WORKER: 'off',
    // Tests that read the e-mails sent drive the sender (app.emailSender.runOnce) or turn it on.
    EMAIL_SENDER: 'off',
    // Tests of the sweep of unfinished uploads turn it on, over an UPLOADS_DIR of their own.
    UPLOAD_SWEEP: 'off',
    // Tests of scheduled tasks drive the scheduler (app.scheduler.runDue) or turn it on.
    SCHEDULER: 'off',
    ...env,
  });
}

/** The e-mail sender on, looking for queued e-mails every 20 ms: for tests that wait for e-mails to arrive. */
export const EMAIL_SENDER_ON = { EMAIL_SENDER: 'on', EMAIL_SENDER_POLL_MS: '20' } as const;

export type TestAppOptions = {
  /** The carriers' resilience timings (the production ones wait seconds before a timeout or a half-open circuit). */
  carrierTimings?: Partial<ResilienceTimings>;
  /** The carriers whose routes the app registers, when not the contract's registry. */
  carrierRegistry?: CarrierRegistry;
};

/** The app in-process over the given database, not yet ready, so a test may still add routes to it. */
export function buildTestApp(database: DatabaseHandle, env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const config = testConfig(env);
  const carriers = options.carrierTimings
    ? buildMobileCarriers(config, { timings: options.carrierTimings })
    : undefined;
  const broadbandCarriers = options.carrierTimings
    ? buildBroadbandCarriers(config, {
        timings: options.carrierTimings,
        polling: { intervalMs: 25, deadlineMs: 5_000 },
      })
    : undefined;
  return buildApp(config, {
    database,
    ...(carriers ? { carriers } : {}),
    ...(broadbandCarriers ? { broadbandCarriers } : {}),
    ...(options.carrierRegistry ? { carrierRegistry: options.carrierRegistry } : {}),
  });
}

export const DEMO_PASSWORD = 'Demo-Portal-2026!';

/**
 * Waits until `app` has heard of every change committed so far. The server keeps signed-in callers until a change's
 * notice reaches it (docs/decisions/0190) and its own writes wait for that before answering; a test that changes a
 * signed-in user straight in the database calls this before its next request.
 */
export function changesHeard(app: App): Promise<void> {
  return app.principals.barrier();
}

type EnvOption = Record<string, string> | (() => Record<string, string>);

/**
 * One app over a migrated database of its own for a whole test file: built before the first test, closed after
 * the last. Read `app` and `database` inside tests (they exist only once beforeAll has run).
 */
export function useTestApp(env: EnvOption = {}, options: TestAppOptions = {}) {
  return useApp(env, false, options);
}

/**
 * Like useTestApp, over a database holding the small demo data (the README's accounts are the fixtures): a copy
 * of the run's demo-data template, so tests may write to it freely.
 */
export function useDemoApp(env: EnvOption = {}, options: TestAppOptions = {}) {
  return useApp(env, true, options);
}

function useApp(env: EnvOption, withDemoData: boolean, options: TestAppOptions) {
  const state: { app?: App; copy?: TestDatabase } = {};
  beforeAll(async () => {
    state.copy = await appEngine().create(withDemoData ? 'demo data' : 'migrated');
    state.app = await buildTestApp(state.copy.handle, typeof env === 'function' ? env() : env, options);
  });
  afterAll(async () => {
    await state.app?.close();
    await state.copy?.dispose();
  });
  return {
    get app(): App {
      if (!state.app) throw new Error('the app is built in beforeAll');
      return state.app;
    },
    get database(): DatabaseHandle {
      if (!state.copy) throw new Error('the database is opened in beforeAll');
      return state.copy.handle;
    },
  };
}

/** An access token of the signed-in session that expired `minutesAgo` minutes ago. */
export async function expiredAccessToken(app: App, session: SignedIn, minutesAgo = 60): Promise<string> {
  const claims = decodeJwt(session.accessToken);
  return app.accessTokens.issue(
    {
      userId: Number(claims.sub),
      sessionId: String(claims.sid),
      given_name: String(claims.given_name),
      email: String(claims.email),
      profile: String(claims.profile),
      roles: session.roles,
    },
    'main',
    new Date(Date.now() - (15 + minutesAgo) * 60 * 1000),
  );
}

export type SignedIn = { accessToken: string; refreshToken: string; dashToken: string; roles: string[] };

/** Signs in through the API as a browser would: login (cookie notice accepted), then the dash login. */
export async function signIn(app: App, username: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    ...form({ username, password, cookiePolicyAccepted: 'true' }),
  });
  if (login.statusCode !== 200) throw new Error(`login as ${username} failed: ${login.statusCode} ${login.body}`);
  const body = login.json<{ token: { access_token: string; refresh_token: string }; roles: string[] }>();
  const dash = await app.inject({
    method: 'POST',
    url: '/api/login/dash',
    headers: { authorization: `Bearer ${body.token.access_token}` },
  });
  if (dash.statusCode !== 200) throw new Error(`dash login as ${username} failed: ${dash.statusCode} ${dash.body}`);
  return {
    accessToken: body.token.access_token,
    refreshToken: body.token.refresh_token,
    dashToken: dash.json<{ data: { token: { access_token: string } } }>().data.token.access_token,
    roles: body.roles,
  };
}

/** Signs the session of this refresh token out, as the web app's logout does. */
export function signOut(app: App, refreshToken: string) {
  return app.inject({ method: 'POST', url: '/api/login/revoke', ...form({ refreshToken }) });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export function form(fields: Record<string, string>) {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
