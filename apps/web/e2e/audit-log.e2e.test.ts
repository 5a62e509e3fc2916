import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { animationsFinished, DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// The customer's audit log (issue 27, decision 0221): acme.admin renames a site in the browser, finds the change in
// Audit Log with its before and after, filters the trail and exports the same rows as CSV; the phone's cards.

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const NEW_NAME = 'Audit Trail Depot';

async function shoot(page: Page, name: string, viewport: ViewportProfile) {
  await animationsFinished(page);
  await takeScreenshot(page, name, viewport);
}

describe('audit log', () => {
  const portal = usePortal();
  let admin: ApiSession;
  let site: { id: number; name: string };

  beforeAll(async () => {
    admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const sites = await admin.get<{ value: Array<{ id: number; name: string }> }>('/api/sites?$orderby=name&$top=1');
    site = sites?.value[0] ?? { id: 0, name: '' };
    expect(site.id).toBeGreaterThan(0);
  });

  it('shows acme.admin the site they renamed with before and after, filters it, and exports the same rows', {
    timeout: 120_000,
  }, async () => {
    const { page, problems } = await portal.open(DESKTOP, admin.storage);
    await page.goto(`/sites/edit/${site.id}`);
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => name.inputValue()).toBe(site.name);
    await name.fill(NEW_NAME);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/sites/view');
    const saved = page.getByRole('alert').filter({ hasText: 'Save successful' });
    await saved.waitFor();

    await page.getByRole('list', { name: 'Main menu' }).getByRole('link', { name: 'Audit Log' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Audit Log');
    const table = page.getByRole('table', { name: 'Audit log' });
    const first = table.getByRole('row').nth(1);
    await first.filter({ hasText: 'Site changed' }).waitFor();
    expect(await first.textContent()).toContain('acme.admin');
    expect(await first.textContent()).toContain(`id ${site.id}`);
    // The save's snackbar has the shared one's colours; the page is checked once it has gone.
    await saved.waitFor({ state: 'detached' });
    await shoot(page, 'audit-log', DESKTOP);
    await expectAccessible(page);

    await first.getByRole('button', { name: 'Details of Site changed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Site changed' });
    const changed = dialog.getByRole('table', { name: 'Fields before and after' }).locator('tr[data-changed="true"]');
    await expect.poll(() => changed.count()).toBe(1);
    expect(await changed.getByRole('cell').allTextContents()).toEqual([site.name, NEW_NAME]);
    await shoot(page, 'audit-log-details', DESKTOP);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Filters: the kind of change, then someone who did nothing, then cleared.
    await page.getByRole('combobox', { name: 'Kind of change' }).click();
    await page.getByRole('option', { name: 'Site record', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('auditFilter.kind')).toBe('table:sites');
    await table.getByRole('row').nth(1).filter({ hasText: 'Site changed' }).waitFor();
    const whats = async () =>
      (await table.getByRole('row').allTextContents()).slice(1).every((text) => text.includes('Site '));
    await expect.poll(whats).toBe(true);
    // The box follows the URL, which the router updates a moment after the click.
    const staffOnly = page.getByRole('checkbox', { name: 'By reseller staff only' });
    await staffOnly.click();
    await expect.poll(() => staffOnly.isChecked()).toBe(true);
    await page.getByRole('status').filter({ hasText: 'No changes match these filters.' }).waitFor();
    await shoot(page, 'audit-log-no-match', DESKTOP);
    await expectAccessible(page);
    await staffOnly.click();
    await expect.poll(() => staffOnly.isChecked()).toBe(false);
    await table.getByRole('row').nth(1).filter({ hasText: 'Site changed' }).waitFor();

    // Export: the same rows as the list shows, in its order.
    const listed = await admin.get<{ value: Array<{ id: number; occurredAt: string }>; '@odata.count': number }>(
      `/api/auditLog?$filter=${encodeURIComponent("tableName eq 'sites'")}&$count=true&$top=100`,
    );
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toMatch(/^When,Who,/);
    expect(lines.length - 1).toBe(listed?.['@odata.count']);
    expect(lines[1]).toContain(listed?.value[0]?.occurredAt);
    expect(lines[1]).toContain(NEW_NAME);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('says a failed load failed and retries it', async () => {
    const { page, problems } = await portal.open(DESKTOP, admin.storage);
    const failing = { on: true };
    await page.route(
      (url) => url.pathname === '/api/auditLog',
      (route) =>
        failing.on
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"message":"x"}' })
          : route.fallback(),
    );
    await page.goto('/audit-log');
    const failed = page.getByRole('alert').filter({ hasText: "We couldn't load the audit log" });
    await failed.waitFor();
    await shoot(page, 'audit-log-failed', DESKTOP);
    failing.on = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await failed.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1).waitFor();
    const { failedRequests, consoleErrors, ...rest } = await problems();
    expect(failedRequests.every((request) => request.includes('/api/auditLog'))).toBe(true);
    expect(consoleErrors.every((error) => error.includes('500'))).toBe(true);
    expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
  });

  it('shows loading while the trail is asked for, and says when nothing is recorded', async () => {
    // A reseller's staff member belongs to no customer company: their trail is empty.
    const staff = await signInThroughApi(portal.server.baseUrl, 'northwind.staff');
    const { page, problems } = await portal.open(DESKTOP, staff.storage);
    const held: Array<() => void> = [];
    await page.route(
      (url) => url.pathname === '/api/auditLog',
      (route) => {
        held.push(() => void route.fallback());
      },
    );
    await page.goto('/audit-log');
    await page.getByRole('progressbar', { name: 'Loading Audit log' }).waitFor();
    expect(await page.getByRole('table', { name: 'Audit log' }).getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.unroute((url) => url.pathname === '/api/auditLog');
    for (const release of held.splice(0)) release();
    await page.getByRole('status').filter({ hasText: 'Nothing has been recorded for your company yet.' }).waitFor();
    await shoot(page, 'audit-log-empty', DESKTOP);
    await expectAccessible(page);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('fits the trail and its details in 390 px on a phone, axe-clean', async () => {
    const { page, problems } = await portal.open(PHONE, admin.storage);
    await page.goto('/audit-log');
    await expect.poll(() => heading(page).textContent()).toBe('Audit Log');
    const card = page.getByRole('list', { name: 'Audit log' }).getByTestId('data-table-card').first();
    await card.waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'audit-log', PHONE);
    await expectAccessible(page);
    await card.getByRole('button', { name: /^Details of / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('table', { name: 'About this change' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'audit-log-details', PHONE);
    await expectAccessible(page);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
