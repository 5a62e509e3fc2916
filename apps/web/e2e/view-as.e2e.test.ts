import { VIEW_AS_COPY } from '@portal/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { animationsFinished, takeScreenshot, VIEWPORTS, type ViewportProfile } from './support/browser';
import { expectAccessible } from './support/portal';
import { usePortal } from './support/suite';

// View as customer (docs/decisions/0220): a staff member of Northwind views acme.admin's portal read-only with a
// written reason, sees the banner and the customer's dashboard, has a change refused by the server, and ends the view
// back in the console.

const REASON = 'Customer asked why their dashboard shows no spend this month';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const banner = (page: Page) => page.getByRole('region', { name: 'View as customer' });
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function shoot(page: Page, name: string, viewport: ViewportProfile) {
  await animationsFinished(page);
  await takeScreenshot(page, name, viewport);
}

describe('view as customer', () => {
  const portal = usePortal();
  let acme: ApiSession;
  let acmeAdminId: string;
  let siteId: number;

  beforeAll(async () => {
    acme = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const claims = acme.accessToken.split('.')[1] ?? '';
    acmeAdminId = String((JSON.parse(Buffer.from(claims, 'base64url').toString()) as { sub: string }).sub);
    const sites = await acme.get<{ value: Array<{ id: number }> }>('/api/sites?$top=1&$orderby=name');
    const first = sites?.value[0];
    if (!first) throw new Error('acme.admin has no site: the demo data changed');
    siteId = first.id;
  });

  for (const viewport of VIEWPORTS) {
    it(`northwind.staff views acme.admin's portal read-only and ends the view (${viewport.name})`, {
      timeout: 120_000,
    }, async () => {
      const { page, problems } = await portal.openAs('northwind.staff', viewport);
      await page.goto(`/console/view-as/${acmeAdminId}`);
      await expect.poll(() => heading(page).textContent()).toBe('View as customer');
      const user = page.getByRole('region', { name: 'acme.admin' });
      await user.getByText('Acme Logistics Ltd').waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await shoot(page, `view-as-start-${viewport.name}`, viewport);

      // The reason is checked before anything is sent, with the contract's words.
      const start = page.getByRole('button', { name: 'View as acme.admin' });
      await page.getByRole('textbox', { name: 'Reason' }).fill('too short');
      await start.click();
      await page.getByText(VIEW_AS_COPY.reasonTooShort).waitFor();
      expect(page.url()).toContain('/console/view-as/');

      await page.getByRole('textbox', { name: 'Reason' }).fill(REASON);
      await page.getByRole('combobox', { name: 'Duration' }).click();
      await page.getByRole('option', { name: '15 minutes' }).click();
      await start.click();

      // The browser reloads as acme.admin, read-only, the banner above every page.
      await expect.poll(() => heading(page).textContent(), { timeout: 20_000 }).toBe('Home');
      await banner(page).getByText('Viewing as acme.admin of Acme Logistics Ltd (read-only)').waitFor();
      await banner(page).getByText(`northwind.staff of Northwind Communications — reason: ${REASON}`).waitFor();
      expect(await banner(page).textContent()).toMatch(/ends at \d\d:\d\d(?!:\d)/);
      await page.getByTestId('company-name').filter({ hasText: 'Acme Logistics Ltd' }).waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await shoot(page, `view-as-dashboard-${viewport.name}`, viewport);

      // A change is refused by the server, with a clear message, and the view goes on.
      await page.goto(`/sites/edit/${siteId}`);
      await expect.poll(() => heading(page).textContent()).toBe('Edit Site');
      await banner(page).waitFor();
      const save = page.getByRole('button', { name: 'Save' });
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await page.getByRole('alert').filter({ hasText: VIEW_AS_COPY.readOnly }).waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await shoot(page, `view-as-refused-${viewport.name}`, viewport);
      const site = await acme.get<{ id: number }>(`/api/sites/${siteId}`);
      expect(site?.id).toBe(siteId);

      // Ending the view goes back to the console, as the staff member.
      await banner(page).getByRole('button', { name: 'End view' }).click();
      await page.waitForURL(`**/console/view-as/${acmeAdminId}`);
      await expect.poll(() => heading(page).textContent(), { timeout: 20_000 }).toBe('View as customer');
      await page.getByRole('region', { name: 'acme.admin' }).waitFor();
      expect(await banner(page).count()).toBe(0);

      // The refused save is the one failure: its 403, and the form's log of it.
      const seen = await problems();
      expect(seen.pageErrors).toEqual([]);
      expect(seen.cspViolations).toEqual([]);
      expect(seen.failedRequests).toEqual([
        expect.stringMatching(new RegExp(`^PUT .*/api/sites/${siteId}: HTTP 403$`)),
      ]);
      for (const message of seen.consoleErrors) expect(message).toMatch(/403/);
    });
  }
});
