import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { DESKTOP, PHONE, takeScreenshot, VIEWPORTS } from './support/browser';
import { NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// docs/decisions/0075-one-company-filter-for-the-whole-portal.md
const HEADER = 'x-portal-company';
const HOLDINGS = 'Initech Holdings Ltd';
const FIELD_SERVICES = 'Initech Field Services Ltd';

interface Named {
  id: number;
  name: string;
}

/** The invoice numbers the API gives the session, narrowed to one company or not. */
async function invoiceNumbers(baseUrl: string, session: ApiSession, companyId?: number): Promise<Set<string>> {
  const response = await fetch(`${baseUrl}/api/invoices?$top=100&$select=invoiceNumber`, {
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      ...(companyId === undefined ? {} : { [HEADER]: String(companyId) }),
    },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { value: Array<{ invoiceNumber: string }> };
  return new Set(body.value.map((invoice) => invoice.invoiceNumber));
}

async function visibleInvoiceNumbers(page: Page): Promise<string[]> {
  const numbers = page.getByRole('main').getByText(/^INV\d{4}-\S+$/);
  await numbers.first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('main [role="progressbar"]').length === 0);
  return numbers.allInnerTexts();
}

/** Waits until the bills on screen are all (or, with `only` false, not all) of `bills`. */
async function untilBillsAre(page: Page, bills: Set<string>, only: boolean): Promise<void> {
  await expect
    .poll(async () => (await visibleInvoiceNumbers(page)).every((number) => bills.has(number)), { timeout: 15_000 })
    .toBe(only);
}

async function chooseCompany(page: Page, name: string, onPhone: boolean): Promise<void> {
  if (onPhone) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name }).click();
  if (onPhone) await page.keyboard.press('Escape');
}

describe('the company filter', () => {
  const portal = usePortal();

  for (const viewport of VIEWPORTS) {
    it(`narrows every call and every figure to the chosen company, and keeps it over a reload (${viewport.name})`, async () => {
      const baseUrl = portal.server.baseUrl;
      const session = await signInThroughApi(baseUrl, 'multi.admin');
      const companies = (await session.get<{ value: Named[] }>('/api/companies/names'))?.value ?? [];
      const holdings = companies.find((company) => company.name === HOLDINGS);
      expect(holdings).toBeDefined();
      const holdingsBills = await invoiceNumbers(baseUrl, session, holdings?.id);
      const allBills = await invoiceNumbers(baseUrl, session);
      expect(holdingsBills.size).toBeGreaterThan(0);
      expect(holdingsBills.size).toBeLessThan(allBills.size);

      const { page, problems } = await portal.open(viewport, session.storage);
      const onPhone = viewport === PHONE;
      await page.goto('/my-bills');
      await page.getByRole('heading', { level: 1, name: 'My Bills' }).waitFor();
      const before = await visibleInvoiceNumbers(page);
      expect(before.length).toBeGreaterThan(0);
      expect(before.some((number) => !holdingsBills.has(number))).toBe(true);

      const calls: Request[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request);
      });
      await chooseCompany(page, HOLDINGS, onPhone);
      await untilBillsAre(page, holdingsBills, true);

      // Every estate call went out narrowed.
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) {
        const path = new URL(call.url()).pathname;
        const sent = (await call.allHeaders())[HEADER];
        // The companies to choose from, and the caller's own notices (the bell), are the user's whatever is chosen.
        const whole = path === '/api/companies/names' || path === '/api/notifications/unreadCount';
        expect(sent, path).toBe(whole ? undefined : String(holdings?.id));
      }

      if (onPhone) await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(() => page.getByRole('combobox', { name: 'Company' }).textContent()).toBe(HOLDINGS);
      await takeScreenshot(page, 'company-filter-chosen', viewport);
      if (onPhone) await page.keyboard.press('Escape');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'My Bills' }).waitFor();
      await untilBillsAre(page, holdingsBills, true);

      await chooseCompany(page, 'All companies (2)', onPhone);
      await untilBillsAre(page, holdingsBills, false);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it('makes the home page’s figures the chosen company’s alone', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'multi.admin');
    const { page, problems } = await portal.open(undefined, session.storage);
    await page.goto('/');
    const latestBill = page.getByRole('region', { name: 'Latest Bill', exact: true });
    await latestBill.getByText(FIELD_SERVICES).waitFor();
    await chooseCompany(page, HOLDINGS, false);
    await latestBill.getByText(/^£[\d,]+\.\d\d$/).waitFor();
    await expect.poll(() => latestBill.textContent()).toContain(HOLDINGS);
    expect(await latestBill.textContent()).not.toContain(FIELD_SERVICES);
    await takeScreenshot(page, 'company-filter-home', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('is offered only to users with several companies', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page } = await portal.open(undefined, session.storage);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await page.getByTestId('company-name').waitFor();
    expect(await page.getByRole('combobox', { name: 'Company' }).count()).toBe(0);
  });
});
