import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { type ApiSession, signInThroughApi } from './api-session';
import {
  type BrowserState,
  DESKTOP,
  launchBrowser,
  type Motion,
  openPortalPage,
  type PortalPage,
  type ViewportProfile,
} from './browser';
import { type CarrierSim, startCarrierSim } from './carrier-sim';
import { createDatabase, dropDatabase } from './portal-database';
import { type PortalServer, startPortalServer } from './portal-server';

export interface PortalOptions {
  motion?: Motion;
  database?: 'postgres when set' | 'embedded';
  /** Extra environment for the file's server (SSO_ALLOW_HTTP_ISSUERS for a provider on plain HTTP). */
  env?: Readonly<Record<string, string>>;
  /** The host name the browser reaches the server by: `localhost` for passkeys (a domain, not an IP address). */
  hostName?: '127.0.0.1' | 'localhost';
}

/**
 * One built portal server (on its own copy of the demo data the run prepared), the carrier simulators it calls, and
 * one Chromium for a test file;
 * `open()` gives a fresh browser context (no shared storage) with problem tracking at the given viewport, its pages
 * still unless the file asks for `motion: 'moving'`. The server runs on PostgreSQL when the run has one
 * (TEST_DATABASE_URL), unless the file asks for `database: 'embedded'`, PGlite in the data directory as `npm start`
 * runs it (decision 0182).
 */
export function usePortal({
  motion = 'still',
  database = 'postgres when set',
  env: extraEnv = {},
  hostName,
}: PortalOptions = {}) {
  let server: PortalServer | undefined;
  let carriers: CarrierSim | undefined;
  let browser: Browser | undefined;
  // The database copy this file's server runs on, when on PostgreSQL, to drop after the file.
  let copy: { server: string; url: string } | undefined;
  const pages: PortalPage[] = [];

  beforeAll(async () => {
    const start = (database === 'embedded' ? null : inject('portalOnPostgres')) ?? inject('portalOnPglite');
    const postgres = start.postgres;
    [carriers, copy] = await Promise.all([
      startCarrierSim(),
      postgres && createDatabase(postgres.server, postgres.template).then((url) => ({ server: postgres.server, url })),
    ]);
    // The simulator shares this worker's event loop on a loaded machine: a read gets the send's 5 s, not 2.5 s, before
    // the page says the carrier did not answer (how soon a read gives up is mobile-carriers.test.ts's to measure).
    const env = {
      CARRIER_SIM_URL: carriers.url,
      CARRIER_READ_TIMEOUT_MS: '5000',
      ...(copy && { DATABASE_URL: copy.url }),
      ...extraEnv,
    };
    [server, browser] = await Promise.all([
      startPortalServer({ dataDirFrom: start.dataDir, env, ...(hostName ? { hostName } : {}) }),
      launchBrowser(),
    ]);
  });

  // A failed test says what its pages showed and what the server last did, which a CI log otherwise cannot tell.
  let pagesBefore = 0;
  beforeEach(() => {
    pagesBefore = pages.length;
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const shown = await Promise.all(pages.slice(pagesBefore).map(describePage));
    console.error(
      `--- ${task.name}: what its pages showed ---\n${shown.join('\n')}\n--- the server's last lines ---\n${serverTail(server)}`,
    );
  });

  afterAll(async () => {
    await Promise.allSettled(pages.map((page) => page.close()));
    await Promise.all([browser?.close(), server?.stop(), carriers?.close()]);
    if (copy) await dropDatabase(copy.server, copy.url);
  });

  /** A fresh context; `state` seeds the portal's storage and cookies (e.g. `signInThroughApi(...).storage`). */
  async function open(
    viewport: ViewportProfile = DESKTOP,
    state: BrowserState | (() => Promise<BrowserState>) = {},
  ): Promise<PortalPage> {
    if (!server || !browser) throw new Error('beforeAll did not start the server and the browser');
    const initial = typeof state === 'function' ? await state() : state;
    const portalPage = await openPortalPage(browser, viewport, server.baseUrl, initial, motion);
    pages.push(portalPage);
    return portalPage;
  }

  return {
    get server(): PortalServer {
      if (!server) throw new Error('beforeAll did not start the server');
      return server;
    },
    /** The PostgreSQL database this file's server runs on, when the run has one: a test may set data up in it. */
    get databaseUrl(): string | undefined {
      return copy?.url;
    },
    /** The simulated carriers, to break one on purpose (faults are cleared by `clearFaults`). */
    get carriers(): CarrierSim {
      if (!carriers) throw new Error('beforeAll did not start the carrier simulators');
      return carriers;
    },
    open,
    /**
     * A fresh context signed in as a demo account through the API, on no page yet: tests other than the sign-in
     * tests start where they test (`page.goto`) rather than going through the login form and the home page.
     */
    async openAs(userName: string, viewport: ViewportProfile = DESKTOP): Promise<PortalPage & { session: ApiSession }> {
      if (!server) throw new Error('beforeAll did not start the server');
      const session = await signInThroughApi(server.baseUrl, userName);
      return { ...(await open(viewport, session.storage)), session };
    },
  };
}

async function describePage({ page }: PortalPage): Promise<string> {
  if (page.isClosed()) return '(closed)';
  // The accessibility tree, as the tests' locators see the page (the header and any open popup included): which tab
  // is selected, which option is active, which rows a table has.
  const tree = await page
    .locator('body')
    .ariaSnapshot({ timeout: 2_000 })
    .catch((error: unknown) => `(unreadable: ${String(error)})`);
  return `${page.url()}\n${tree.slice(0, 12_000)}`;
}

function serverTail(server: PortalServer | undefined, lines = 30): string {
  return (server?.logs() ?? '').trimEnd().split('\n').slice(-lines).join('\n');
}
