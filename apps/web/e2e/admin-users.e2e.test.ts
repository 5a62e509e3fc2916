import { NOTIFICATION_MESSAGES, VALIDATION_MESSAGES } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughApi } from './support/api-session';
import { animationsFinished, DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { count, type List, must, type Named, tableTotal } from './support/estate-tables';
import {
  acceptCookies,
  expectAccessible,
  latestEmail,
  NO_PROBLEMS,
  signIn,
  temporaryPasswordFrom,
} from './support/portal';
import { usePortal } from './support/suite';

const NEW_PASSWORD = 'Own-Choice-2027!';
const RESET_MESSAGE = 'This will reset the users functionality back to the profiles default.';

interface Line {
  id: number;
  endPointTypeId?: number;
  siteId: number | null;
  siteName: string | null;
}

async function chooseProfile(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Profile' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  // The profile's default functionality is in once RESET TO PROFILE can be pressed again.
  await page.getByRole('button', { name: 'Reset to profile' }).and(page.locator(':enabled')).waitFor();
}

const checkbox = (page: Page, label: string) => page.getByRole('checkbox', { name: label, exact: true });

/** The page is no wider than the screen: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page, viewport: ViewportProfile): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(viewport.context.viewport?.width ?? 0);
}

describe('user form', () => {
  const portal = usePortal();

  it('acme.admin adds a Site Manager of one site, who is e-mailed, sets a password and sees only that site', async () => {
    const admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const lines = await must<List<Line>>(
      admin,
      '/api/endpoints?$select=id,siteId,siteName&$filter=endPointTypeId eq 1&$top=1&$orderby=id',
    );
    const site = lines.value[0];
    if (!site?.siteId || !site.siteName) throw new Error('acme.admin has no mobile device at a site');
    const { page, problems } = await portal.open(DESKTOP, admin.storage);
    await page.goto('/users/add');
    await page.getByRole('heading', { level: 1, name: 'Add User' }).waitFor();

    await page.getByLabel('Username').fill('site.newcomer');
    await page.getByLabel('Email Address').fill('site.newcomer@acmelogistics.co.uk');
    await chooseProfile(page, 'Site Manager');
    // The profile's default, with spec 4's ticks.
    expect(await checkbox(page, 'Mobile estate by site Read').isChecked()).toBe(true);
    expect(await checkbox(page, 'Manage users Read').isChecked()).toBe(false);
    await checkbox(page, 'Manage users Write').check();
    expect(await checkbox(page, 'Manage users Read').isChecked()).toBe(true);
    await checkbox(page, 'Manage users Read').uncheck();
    expect(await checkbox(page, 'Manage users Write').isChecked()).toBe(false);
    // The feature's name ticks all of it, and again unticks it.
    await page.getByRole('button', { name: 'Manage users', exact: true }).click();
    for (const type of ['Read', 'Write', 'Delete']) {
      expect(await checkbox(page, `Manage users ${type}`).isChecked()).toBe(true);
    }
    await page.getByRole('button', { name: 'Reset to profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmation' });
    await dialog.getByText('Are you sure?').waitFor();
    await dialog.getByText(RESET_MESSAGE).waitFor();
    await animationsFinished(page);
    await takeScreenshot(page, 'user-form-reset-confirmation', DESKTOP, { fullPage: false });
    await dialog.getByRole('button', { name: 'Yes, I Understand' }).click();
    await expect.poll(() => checkbox(page, 'Manage users Read').isChecked()).toBe(false);
    expect(await checkbox(page, 'Manage users Delete').isChecked()).toBe(false);

    // Saving without a site says what is missing, on the Sites tab.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A Site Manager must be assigned to at least one site.').waitFor();
    expect(await page.getByRole('tab', { name: 'Sites' }).getAttribute('aria-selected')).toBe('true');

    const table = page.getByRole('table', { name: 'Sites to assign' });
    await table.getByRole('button', { name: 'Filter Name' }).click();
    const filter = page.getByRole('dialog', { name: 'Filter for Name' });
    await filter.getByLabel('Name').fill(site.siteName);
    await filter.getByRole('button', { name: 'Apply' }).click();
    await checkbox(page, `Select ${site.siteName}`).check();
    await page.getByRole('list', { name: 'Assigned sites' }).getByText(site.siteName, { exact: true }).waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'user-form-sites', DESKTOP);

    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/users'));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(201);
    await page.waitForURL((url) => url.pathname === '/users/view');
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.saveSuccessful }).waitFor();
    expect(await problems()).toEqual(NO_PROBLEMS);

    // The new user's e-mail, to them only, with a temporary password.
    const email = await latestEmail(portal.server.dataDir);
    expect(email).toContain('To: site.newcomer@acmelogistics.co.uk');
    expect(email).toContain('site.newcomer');
    const temporary = temporaryPasswordFrom(email);

    const newcomer = await portal.open(DESKTOP);
    await newcomer.page.goto('/login');
    await acceptCookies(newcomer.page);
    await newcomer.page.getByLabel('Username').fill('site.newcomer');
    await newcomer.page.getByLabel('Password', { exact: true }).fill(temporary);
    await newcomer.page.getByRole('button', { name: 'Log in' }).click();
    await newcomer.page.getByRole('heading', { name: 'Your Password Has Expired' }).waitFor();
    await newcomer.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await newcomer.page.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await newcomer.page.getByRole('button', { name: 'Log in' }).click();
    await newcomer.page.waitForURL((url) => url.pathname === '/');

    // Signing in afresh with the password they chose: their estate is that one site's.
    const again = await portal.open(DESKTOP);
    await signIn(again.page, 'site.newcomer', NEW_PASSWORD);
    await again.page.goto(`/mobile/site/${site.siteId}`);
    await again.page.getByRole('heading', { level: 1, name: site.siteName }).waitFor();
    const session = await signInThroughApi(portal.server.baseUrl, 'site.newcomer', NEW_PASSWORD);
    const theirs = await must<List<Line>>(session, '/api/endpoints?$select=id,siteId,endPointTypeId&$top=100');
    expect(theirs.value.length).toBeGreaterThan(0);
    expect(new Set(theirs.value.map((line) => line.siteId))).toEqual(new Set([site.siteId]));
    const sites = await must<List<Named>>(session, '/api/sites?$select=id,name');
    expect(sites.value.map((entry) => entry.id)).toEqual([site.siteId]);
    // The site's page lists every mobile device they have, as many as the API gives them in all.
    const mobiles = await count(session, `/api/endpoints/mobileHandset/site/${site.siteId}`);
    expect(mobiles).toBe(theirs.value.filter((line) => line.endPointTypeId === 1).length);
    await expect.poll(() => tableTotal(again.page), { timeout: 15_000 }).toBe(mobiles);
  });

  it('says a username is already taken, ignoring case, and stops saying it for a free one', async () => {
    const admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page, problems } = await portal.open(DESKTOP, admin.storage);
    await page.goto('/users/add');
    const userName = page.getByLabel('Username');
    await userName.fill('ACME.Mobile');
    await page.getByText(VALIDATION_MESSAGES.userNameTaken).waitFor();
    await userName.fill('acme.mobile.second');
    await expect.poll(() => page.getByText(VALIDATION_MESSAGES.userNameTaken).count()).toBe(0);
    // Typing on past a taken name: the answer for the older name never shows for the newer one.
    await userName.fill('acme.admin');
    await userName.fill('acme.admin.other');
    await page.getByText('Checking the username…').waitFor({ state: 'detached' });
    expect(await page.getByText(VALIDATION_MESSAGES.userNameTaken).count()).toBe(0);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('a failed save says why, at the field the server names, and Save comes back once the message is gone', async () => {
    const admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page } = await portal.open(DESKTOP, admin.storage);
    await page.goto('/users/add');
    await page.getByLabel('Username').fill('careful.one');
    await page.getByLabel('Email Address').fill('careful.one@acmelogistics.co.uk');
    await chooseProfile(page, 'Company Administrator');
    await page.getByRole('tab', { name: 'Companies' }).click();
    await page
      .getByRole('checkbox', { name: /^Select (?!all)/ })
      .first()
      .check();

    // The server's outage: spec 8's message, and Save is off until it has been dismissed.
    await page.route('**/api/users', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
    );
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    const failure = page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.unexpectedError });
    await failure.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await failure.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => save.isEnabled()).toBe(true);

    // A refusal naming a field: its message, at that field.
    const refusal = 'This e-mail domain is not accepted here';
    await page.unroute('**/api/users');
    await page.route('**/api/users', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 400,
              code: 'validation_failed',
              message: refusal,
              details: [{ field: 'emailAddress', rule: 'pattern', message: refusal }],
            }),
          })
        : route.fallback(),
    );
    await save.click();
    await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
    await expect
      .poll(async () => {
        const helper = await page.getByLabel('Email Address').getAttribute('aria-describedby');
        return helper ? page.locator(`[id="${helper}"]`).textContent() : undefined;
      })
      .toBe(refusal);
    expect(new URL(page.url()).pathname).toBe('/users/add');
  });

  it('acme.sitemanager, given ManageUser Read in the form, opens a user as View, read-only', async () => {
    const admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const users = await must<List<{ id: number; userName: string }>>(
      admin,
      "/api/users?$select=id,userName&$filter=userName eq 'acme.sitemanager'",
    );
    const manager = users.value[0];
    if (!manager) throw new Error('No acme.sitemanager');
    const { page } = await portal.open(DESKTOP, admin.storage);
    await page.goto(`/users/edit/${manager.id}`);
    await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
    await checkbox(page, 'Manage users Read').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/users/view');
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.saveSuccessful }).waitFor();

    const session = await signInThroughApi(portal.server.baseUrl, 'acme.sitemanager');
    const visible = await must<List<{ id: number; userName: string }>>(session, '/api/users?$select=id,userName');
    const other = visible.value.find((entry) => entry.userName !== 'acme.sitemanager');
    if (!other) throw new Error('acme.sitemanager sees no other user');
    for (const viewport of [DESKTOP, PHONE]) {
      const { page: view, problems } = await portal.open(viewport, session.storage);
      await view.goto(`/users/edit/${other.id}`);
      await view.getByRole('heading', { level: 1, name: 'View User' }).waitFor();
      expect(await view.getByLabel('Username').inputValue()).toBe(other.userName);
      expect(await view.getByLabel('Username').getAttribute('readonly')).not.toBeNull();
      expect(await view.getByRole('button', { name: 'Save' }).count()).toBe(0);
      expect(await view.getByRole('button', { name: 'Reset to profile' }).count()).toBe(0);
      const boxes = view.getByRole('checkbox');
      expect(await boxes.count()).toBeGreaterThan(0);
      for (const box of await boxes.all()) expect(await box.isDisabled()).toBe(true);
      await expectNoSidewaysScroll(view, viewport);
      await expectAccessible(view);
      await takeScreenshot(view, 'user-form-view', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    }
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows each profile's tab in the add form and fits a ${viewport.name} screen`, async () => {
      const admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
      const { page, problems } = await portal.open(viewport, admin.storage);
      await page.goto('/users/add');
      await page.getByRole('heading', { level: 1, name: 'Add User' }).waitFor();
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Functionality']);
      const profiles: Array<[string, string]> = [
        ['Company Administrator', 'Companies'],
        ['Site Manager', 'Sites'],
        ['Team Leader', 'Teams'],
        ['Mobile User', 'Mobile Devices'],
        ['Broadband User', 'Broadband Contracts'],
      ];
      for (const [profile, tab] of profiles) {
        await chooseProfile(page, profile);
        expect(await page.getByRole('tab').allTextContents()).toEqual(['Functionality', tab]);
        if (profile === 'Company Administrator') {
          await expectNoSidewaysScroll(page, viewport);
          await takeScreenshot(page, 'user-form-functionality', viewport);
        }
        await page.getByRole('tab', { name: tab }).click();
        await page
          .getByRole('checkbox', { name: /^Select / })
          .first()
          .waitFor();
        await expectNoSidewaysScroll(page, viewport);
        await takeScreenshot(page, `user-form-${tab.toLowerCase().replace(' ', '-')}`, viewport);
        await page.getByRole('tab', { name: 'Functionality' }).click();
      }
      // Another profile resets the selections.
      await chooseProfile(page, 'Site Manager');
      await page.getByRole('tab', { name: 'Sites' }).click();
      await page
        .getByRole('checkbox', { name: /^Select (?!all)/ })
        .first()
        .check();
      await page
        .getByRole('list', { name: 'Assigned sites' })
        .getByText('No sites assigned.')
        .waitFor({ state: 'detached' });
      await chooseProfile(page, 'Team Leader');
      await chooseProfile(page, 'Site Manager');
      await page.getByRole('tab', { name: 'Sites' }).click();
      await page.getByRole('list', { name: 'Assigned sites' }).getByText('No sites assigned.').waitFor();
      await expectAccessible(page);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }
});
