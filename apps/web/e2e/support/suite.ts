import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser, openPortalPage, type PortalPage, VIEWPORTS, type ViewportProfile } from './browser';
import { type CarrierSim, startCarrierSim } from './carrier-sim';
import { type PortalServer, startPortalServer } from './portal-server';

/**
 * One built portal server (on its own copy of the demo data the run prepared), the carrier simulators it calls, and
 * one Chromium for a test file;
 * `open()` gives a fresh browser context (no shared storage) with problem tracking at the given viewport.
 */
export function usePortal() {
  let server: PortalServer | undefined;
  let carriers: CarrierSim | undefined;
  let browser: Browser | undefined;
  const pages: PortalPage[] = [];

  beforeAll(async () => {
    carriers = await startCarrierSim();
    const env = { CARRIER_SIM_URL: carriers.url };
    [server, browser] = await Promise.all([
      startPortalServer({ dataDirFrom: inject('portalDataDir'), env }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await Promise.allSettled(pages.map((page) => page.close()));
    await browser?.close();
    await server?.stop();
    await carriers?.close();
  });

  return {
    get server(): PortalServer {
      if (!server) throw new Error('beforeAll did not start the server');
      return server;
    },
    /** The simulated carriers, to break one on purpose (faults are cleared by `clearFaults`). */
    get carriers(): CarrierSim {
      if (!carriers) throw new Error('beforeAll did not start the carrier simulators');
      return carriers;
    },
    /** A fresh context; `localStorage` seeds the portal's storage (e.g. `signInThroughApi(...).storage`). */
    async open(
      viewport: ViewportProfile = VIEWPORTS[0] as ViewportProfile,
      localStorage: Readonly<Record<string, string>> = {},
    ): Promise<PortalPage> {
      if (!server || !browser) throw new Error('beforeAll did not start the server and the browser');
      const portalPage = await openPortalPage(browser, viewport, server.baseUrl, localStorage);
      pages.push(portalPage);
      return portalPage;
    },
  };
}
