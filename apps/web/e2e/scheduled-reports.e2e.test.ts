import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// Scheduled reports (decision 0216) as a user meets them: adding a report, seeing when it runs next, sending it now
// and seeing "Last sent" change, pausing it and deleting it; at a phone's width, only the reports the user may have.

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function openReports(page: Page) {
  await page.goto('/reports');
  await page.getByRole('heading', { level: 1, name: 'Scheduled reports' }).waitFor();
}

/** Chooses an option of one of the dialog's select fields. */
async function choose(dialog: Locator, page: Page, field: string, option: string) {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

const detail = (item: Locator, term: string) =>
  item.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

describe('scheduled reports', () => {
  const portal = usePortal();

  it('adds a report, shows its next run, sends it now, pauses it and deletes it', async () => {
    const { page, problems } = await portal.openAs('acme.admin', DESKTOP);
    await openReports(page);
    await page.getByText('You have no scheduled reports yet.').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add a report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a scheduled report' });
    await choose(dialog, page, 'Report', 'Usage by device');
    await choose(dialog, page, 'Format', 'CSV (spreadsheet)');
    await choose(dialog, page, 'How often', 'Weekly, on Mondays');
    const others = dialog.getByLabel('Other e-mail addresses');
    await others.fill('not-an-address');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('not-an-address:', { exact: false }).waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'scheduled-reports-form', DESKTOP);
    await others.fill('finance.team@acmelogistics.co.uk');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const item = page.getByRole('listitem', { name: 'Usage by device report' });
    await item.getByText('Active', { exact: true }).waitFor();
    expect(await detail(item, 'Next run').textContent()).toMatch(/^Mon,? \d{2}\/\d{2}\/\d{4}, 07:00 \(London time\)$/);
    expect(await detail(item, 'Last sent').textContent()).toBe('Not sent yet');
    expect(await detail(item, 'To').textContent()).toContain('finance.team@acmelogistics.co.uk');
    // The snackbar's filled green falls short of the enhanced contrast for its few seconds (as every success's).
    await page.getByRole('alert').filter({ hasText: 'report added.' }).waitFor({ state: 'hidden' });
    await expectAccessible(page);
    await takeScreenshot(page, 'scheduled-reports', DESKTOP);

    await item.getByRole('button', { name: 'Send now: Usage by device' }).click();
    await expect.poll(() => detail(item, 'Last sent').textContent()).toMatch(/\(London time\)$/);
    await page.getByText('Usage by device report sent.').waitFor();

    await item.getByRole('button', { name: 'Pause: Usage by device' }).click();
    await item.getByText('Paused', { exact: true }).waitFor();
    expect(await detail(item, 'Next run').textContent()).toBe('Not scheduled');
    await item.getByRole('button', { name: 'Resume: Usage by device' }).waitFor();

    await item.getByRole('button', { name: 'Delete: Usage by device' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirmation' });
    await confirmation.getByRole('button', { name: 'Yes, I Understand' }).click();
    await page.getByText('You have no scheduled reports yet.').waitFor();
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('offers only the reports the user may have, and fits a phone', async () => {
    const { page, problems } = await portal.openAs('acme.finance', PHONE);
    await openReports(page);
    await page.getByText('You have no scheduled reports yet.').waitFor();
    await page.getByRole('button', { name: 'Add a report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a scheduled report' });
    await dialog.getByRole('combobox', { name: 'Report' }).click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered).toEqual(['Bills summary']);
    await page.getByRole('option', { name: 'Bills summary' }).click();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await takeScreenshot(page, 'scheduled-reports-form', PHONE);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const item = page.getByRole('listitem', { name: 'Bills summary report' });
    await item.getByText('Active', { exact: true }).waitFor();
    expect(await detail(item, 'Next run').textContent()).toMatch(/07:00 \(London time\)$/);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('alert').filter({ hasText: 'report added.' }).waitFor({ state: 'hidden' });
    await expectAccessible(page);
    await takeScreenshot(page, 'scheduled-reports', PHONE);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
