import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPortalPage, type PortalPage, takeScreenshot, VIEWPORTS } from './support/browser';
import { type PortalServer, startPortalServer } from './support/portal-server';

const NO_PROBLEMS = { consoleErrors: [], pageErrors: [], cspViolations: [], failedRequests: [] };

describe('home page', () => {
  let server: PortalServer | undefined;
  let browser: Browser | undefined;
  const pages: PortalPage[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startPortalServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await Promise.allSettled(pages.map((page) => page.close()));
    await browser?.close();
    await server?.stop();
  });

  async function open(viewport = VIEWPORTS[0]!): Promise<PortalPage> {
    if (!server || !browser) throw new Error('beforeAll did not start the server and the browser');
    const portalPage = await openPortalPage(browser, viewport, server.baseUrl);
    pages.push(portalPage);
    return portalPage;
  }

  it('is served with the strict Content-Security-Policy', async () => {
    const { page } = await open();
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  for (const viewport of VIEWPORTS) {
    it(`shows the portal title and the service status (${viewport.name})`, async () => {
      const { page, problems } = await open(viewport);
      await page.goto('/');

      await expect(page.title()).resolves.toBe('Business Portal');
      await page.getByRole('heading', { level: 1, name: 'Business Portal' }).waitFor();
      await page.getByRole('link', { name: 'Business Portal' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Service status' }).waitFor();
      await page.getByText('All systems operational').waitFor();
      expect(await page.getByText('Service unavailable').count()).toBe(0);

      // Nothing sticks out sideways (the classic phone layout bug).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await takeScreenshot(page, 'home', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it.each(['/no-such-page', '/no/such/page?x=1#top'])('redirects the unknown path %s to home', async (unknownPath) => {
    const { page, problems } = await open();
    await page.goto(unknownPath);

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Business Portal' }).waitFor();
    await page.getByText('All systems operational').waitFor();
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
