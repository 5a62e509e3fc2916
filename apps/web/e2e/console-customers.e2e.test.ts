import { CUSTOMER_MESSAGES } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot } from './support/browser';
import { expectAccessible, latestEmail, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// The reseller console's Customers (decision 0219) as Northwind's staff meet them: the list with its counts and
// filter, a customer's users with an unlock of a throttled username and a password reset, and onboarding a new
// customer at a phone's width.

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Wrong passwords until the username waits (five are free), from the test's own process, not the page. */
async function throttle(baseUrl: string, username: string) {
  for (let attempt = 0; attempt < 7; attempt++) {
    await fetch(new URL('/api/login', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password: 'Wrong-Password-1', cookiePolicyAccepted: 'true' }),
    });
  }
}

describe('console customers', () => {
  const portal = usePortal();

  it("lists the partner's customers with counts, filters them, and unlocks and resets a customer's user", async () => {
    const { page, problems } = await portal.openAs('northwind.staff', DESKTOP);
    await page.goto('/');
    await page.getByRole('list', { name: 'Main menu' }).getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    const table = page.getByRole('table', { name: 'Customers' });
    const acme = table.getByRole('row').filter({ hasText: 'Acme Logistics Ltd' });
    await acme.waitFor();
    expect(await table.getByText('Wayne Haulage Ltd').count()).toBe(0);
    // Name, account number, users, mobile devices, broadband contracts, sites, teams: counted, not blank.
    const cells = await acme.getByRole('cell').allTextContents();
    expect(cells.slice(0, 2)).toEqual(['Acme Logistics Ltd', 'NW000001']);
    for (const figure of cells.slice(2, 7)) expect(Number(figure.replace(/,/g, ''))).toBeGreaterThan(0);
    await expectAccessible(page);
    await takeScreenshot(page, 'console-customers', DESKTOP);

    await page.getByRole('button', { name: 'Filter Company' }).click();
    await page.getByRole('dialog', { name: 'Filter for Company' }).getByRole('textbox').fill('Globex');
    await page.getByRole('button', { name: 'Apply' }).click();
    await acme.waitFor({ state: 'detached' });
    expect(await table.getByRole('link').allTextContents()).toEqual(['Globex Engineering Ltd']);
    await page.getByRole('button', { name: 'Filter Company' }).click();
    await page.getByRole('dialog', { name: 'Filter for Company' }).getByRole('textbox').fill('No such customer');
    await page.getByRole('button', { name: 'Apply' }).click();
    const noMatch = page.getByRole('status').filter({ hasText: 'No customers match this filter' });
    await noMatch.waitFor();
    await noMatch.getByRole('button', { name: 'Clear filters' }).click();

    await throttle(portal.server.baseUrl, 'acme.teamlead');
    await acme.getByRole('link', { name: 'Acme Logistics Ltd' }).click();
    await page.getByRole('heading', { level: 1, name: 'Acme Logistics Ltd' }).waitFor();
    const users = page.getByRole('table', { name: 'Users' });
    const teamLead = users.getByRole('row').filter({ hasText: 'acme.teamlead' });
    await teamLead.getByText(/^Throttled \(\d+ min\)$/).waitFor();
    expect(await users.getByText('northwind.staff').count()).toBe(0);
    const viewAs = teamLead.getByRole('link', { name: 'View as acme.teamlead' });
    expect(await viewAs.getAttribute('href')).toMatch(/^\/console\/view-as\/\d+$/);
    await expectAccessible(page);
    await takeScreenshot(page, 'console-customer', DESKTOP);

    // Only a throttled username has an Unlock.
    expect(await users.getByRole('button', { name: /^Unlock / }).count()).toBe(1);
    await teamLead.getByRole('button', { name: 'Unlock acme.teamlead' }).click();
    await page.getByText(CUSTOMER_MESSAGES.unlocked('acme.teamlead')).waitFor();
    await teamLead.getByText('Can sign in').waitFor();
    expect(await users.getByRole('button', { name: /^Unlock / }).count()).toBe(0);
    // The snackbar's filled green falls short of the enhanced contrast for its few seconds (as every success's).
    await page.getByRole('alert').filter({ hasText: 'can sign in again' }).waitFor({ state: 'hidden' });

    await users.getByRole('button', { name: 'Reset password for acme.finance' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirmation' });
    await confirmation.getByText('Send acme.finance a temporary password by e-mail?', { exact: false }).waitFor();
    await expectAccessible(page);
    await confirmation.getByRole('button', { name: 'Yes, I Understand' }).click();
    await page.getByText(CUSTOMER_MESSAGES.resetSent('acme.finance')).waitFor();
    // The outbox's sender writes it a moment after the change commits.
    await expect
      .poll(() => latestEmail(portal.server.dataDir), { timeout: 10_000 })
      .toContain('To: accounts@acmelogistics.co.uk');
    expect(await latestEmail(portal.server.dataDir)).toMatch(/temporary password/i);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('onboards a customer at a phone’s width, showing a taken account number at its field', async () => {
    const { page, problems } = await portal.openAs('northwind.staff', PHONE);
    await page.goto('/console/customers');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByText('Acme Logistics Ltd').first().waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await takeScreenshot(page, 'console-customers', PHONE);

    await page.getByRole('link', { name: 'Onboard a customer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Onboard a customer' }).waitFor();
    const form = page.getByRole('form', { name: 'Onboard a customer' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Company name is required').waitFor();
    await form.getByLabel('Company name').fill('Stark Freight Ltd');
    await form.getByLabel('Account number').fill('NW000001');
    await form.getByLabel('Username').fill('stark.admin');
    await form.getByLabel('Email address').fill('it@starkfreight.co.uk');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(CUSTOMER_MESSAGES.accountNumberTaken).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await takeScreenshot(page, 'console-customer-onboarding', PHONE);

    await form.getByLabel('Account number').fill('NW-STARK-01');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stark Freight Ltd' }).waitFor();
    await page.getByText(CUSTOMER_MESSAGES.onboarded('Stark Freight Ltd')).waitFor();
    await page.getByText('stark.admin').first().waitFor();
    await page.getByText('Awaiting first password').waitFor();
    await expect
      .poll(() => latestEmail(portal.server.dataDir), { timeout: 10_000 })
      .toContain('To: it@starkfreight.co.uk');
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('alert').filter({ hasText: 'is onboarded' }).waitFor({ state: 'hidden' });
    await expectAccessible(page);
    await takeScreenshot(page, 'console-customer', PHONE);
    // The one refusal: the taken account number.
    const { failedRequests, consoleErrors, ...rest } = await problems();
    expect(failedRequests).toEqual([expect.stringMatching(/POST .*\/api\/console\/customers: HTTP 400/)]);
    expect(consoleErrors).toEqual([expect.stringContaining('status of 400')]);
    expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
  });
});
