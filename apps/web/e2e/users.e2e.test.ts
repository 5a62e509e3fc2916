import { NOTIFICATION_MESSAGES, VALIDATION_MESSAGES } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughApi } from './support/api-session';
import { animationsFinished, DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { count, type List, must, type Named, tableTotal } from './support/estate-tables';
import {
  acceptCookies,
  decodedEmail,
  expectAccessible,
  latestEmail,
  NO_PROBLEMS,
  signIn,
  temporaryPasswordFrom,
} from './support/portal';
import { usePortal } from './support/suite';

const NEW_PASSWORD = 'Own-Choice-2027!';
// Spec 2.11's words with their apostrophes put back (decision 0129).
const RESET_MESSAGE = "This will reset the user's functionality back to the profile's default.";

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

  it('acme.admin adds a Site Manager of one site, who is e-mailed a link to the portal, sets a first password and sees only that site', async () => {
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
    // Focus comes back to RESET TO PROFILE once the default is in, rather than being lost to the page (issue 21).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim().toLowerCase()))
      .toBe('reset to profile');

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
    // It links to the portal's sign-in page (decision 0139), which the new user follows.
    const signInLink = `${portal.server.baseUrl}/login`;
    expect(decodedEmail(email)).toContain(`Log in at ${signInLink} with your username`);
    expect(decodedEmail(email)).toContain(`<a href="${signInLink}">`);

    // A brand-new account sets its first password: nothing has expired (decision 0139).
    const newcomer = await portal.open(DESKTOP);
    await newcomer.page.goto(signInLink);
    await acceptCookies(newcomer.page);
    await newcomer.page.getByLabel('Username').fill('site.newcomer');
    await newcomer.page.getByLabel('Password', { exact: true }).fill(temporary);
    await newcomer.page.getByRole('button', { name: 'Log in' }).click();
    await newcomer.page.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
    await newcomer.page.getByText('Choose a password of your own to replace the temporary one').waitFor();
    expect(await newcomer.page.getByText('Your Password Has Expired').count()).toBe(0);
    await newcomer.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await newcomer.page.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await expectAccessible(newcomer.page);
    await takeScreenshot(newcomer.page, 'set-your-password', DESKTOP);
    await newcomer.page.getByRole('button', { name: 'Set password and log in' }).click();
    await newcomer.page.waitForURL((url) => url.pathname === '/');
    await newcomer.page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();

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

  it('filters the Mobile Devices tab with APPLY and with Enter without creating the user (issue 21)', async () => {
    const admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page, problems } = await portal.open(DESKTOP, admin.storage);
    // Saves only: the username check is a POST of its own.
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && /\/api\/users(\/\d+)?$/.test(new URL(request.url()).pathname)) {
        saves.push(`${request.method()} ${request.url()}`);
      }
    });
    await page.goto('/users/add');
    await page.getByRole('heading', { level: 1, name: 'Add User' }).waitFor();
    await page.getByLabel('Username').fill('filter.newcomer');
    await page.getByLabel('Email Address').fill('filter.newcomer@acmelogistics.co.uk');
    await chooseProfile(page, 'Mobile User');
    await page.getByRole('tab', { name: 'Mobile Devices' }).click();
    const table = page.getByRole('table', { name: 'Mobile devices to assign' });
    await table
      .getByRole('checkbox', { name: /^Select (?!all)/ })
      .first()
      .check();
    const assigned = page.getByRole('list', { name: 'Assigned mobile devices' });
    await assigned.getByText('No mobile devices assigned.').waitFor({ state: 'detached' });

    const filter = page.getByRole('dialog', { name: 'Filter for Name' });
    const allRowsName = (text: string) => async () => {
      const rows = (await table.getByRole('row').allTextContents()).slice(1);
      return rows.length > 0 && rows.every((row) => row.includes(text));
    };
    await table.getByRole('button', { name: 'Filter Name' }).click();
    await filter.getByLabel('Name').fill('Jackson');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await filter.waitFor({ state: 'detached' });
    await page.getByText('Name: Jackson', { exact: true }).waitFor();
    await expect.poll(allRowsName('Jackson')).toBe(true);

    await table.getByRole('button', { name: 'Filter Name' }).click();
    await filter.getByLabel('Name').fill('Jacks');
    await filter.getByLabel('Name').press('Enter');
    await filter.waitFor({ state: 'detached' });
    await page.getByText('Name: Jacks', { exact: true }).waitFor();
    await expect.poll(allRowsName('Jacks')).toBe(true);

    // Still adding: on the form, the tab and the ticked device as they were, and no account created.
    expect(new URL(page.url()).pathname).toBe('/users/add');
    expect(await page.getByRole('tab', { name: 'Mobile Devices' }).getAttribute('aria-selected')).toBe('true');
    expect(await assigned.getByRole('listitem').count()).toBe(1);
    expect(saves).toEqual([]);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`keeps the focus on RESET TO PROFILE after a confirmed reset of a user being edited on a ${viewport.name} (issue 21)`, async () => {
      const admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
      const [manager] = (
        await must<List<{ id: number }>>(admin, "/api/users?$select=id&$filter=userName eq 'acme.sitemanager'")
      ).value;
      if (!manager) throw new Error('No acme.sitemanager');
      const { page, problems } = await portal.open(viewport, admin.storage);
      await page.goto(`/users/edit/${manager.id}`);
      await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
      const reset = page.getByRole('button', { name: 'Reset to profile' });
      await reset.and(page.locator(':enabled')).waitFor();
      // The form is whole (its functionality drawn, nothing loading) before the reset is asked for.
      await page.getByRole('table', { name: 'Functionality' }).getByRole('checkbox').first().waitFor();
      await page.waitForFunction(
        () => document.querySelectorAll('[role="progressbar"], [aria-busy="true"]').length === 0,
      );
      await reset.click();
      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await dialog.getByText(RESET_MESSAGE).waitFor();
      await expectNoSidewaysScroll(page, viewport);
      await animationsFinished(page);
      await takeScreenshot(page, 'user-form-edit-reset-confirmation', viewport, { fullPage: false });
      await dialog.getByRole('button', { name: 'Yes, I Understand' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim().toLowerCase()))
        .toBe('reset to profile');
      await expectNoSidewaysScroll(page, viewport);
      await takeScreenshot(page, 'user-form-edit-after-reset', viewport, { fullPage: false });
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

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

  it('an administrator holding less than a colleague is told why they can neither change nor delete them', async () => {
    const admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const idOf = async (userName: string) => {
      const filter = encodeURIComponent(`userName eq '${userName}'`);
      const [user] = (await must<List<{ id: number }>>(admin, `/api/users?$select=id&$filter=${filter}`)).value;
      if (!user) throw new Error(`No ${userName}`);
      return user.id;
    };
    // acme.admin leaves grace.jackson, a Company Administrator, only the user administration.
    const graceId = await idOf('grace.jackson');
    const grace = await must<Record<string, unknown>>(admin, `/api/users/${graceId}`);
    const catalogue = await must<List<{ id: number; code: string; accessType: string }>>(admin, '/api/functionality');
    const kept = catalogue.value.filter(
      (f) => f.code === 'ManageUser' || (f.code === 'MobileUserEstate' && f.accessType === 'Read'),
    );
    await admin.send('PUT', `/api/users/${graceId}`, { ...grace, functionalityIds: kept.map((f) => f.id) });
    const fullId = await idOf('acme.admin');
    const { emailAddress } = await must<{ emailAddress: string }>(admin, `/api/users/${fullId}`);

    const session = await signInThroughApi(portal.server.baseUrl, 'grace.jackson');
    const reason = /^This user holds .+, which you do not hold$/;
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, problems } = await portal.open(viewport, session.storage);
      await page.goto(`/users/edit/${fullId}`);
      await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
      await page.getByLabel('Email Address').fill('someone.else@example.co.uk');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').filter({ hasText: reason }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/users/edit/${fullId}`);
      await expectNoSidewaysScroll(page, viewport);
      await takeScreenshot(page, 'user-form-beyond-rights', viewport);

      await page.goto('/users/view?users.f.userName=acme.admin');
      await page.getByRole('button', { name: 'Actions for acme.admin' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete acme.admin?' });
      await dialog.getByRole('button', { name: 'Yes, I Understand' }).click();
      await dialog.getByRole('alert').filter({ hasText: reason }).waitFor();
      await takeScreenshot(page, 'user-delete-beyond-rights', viewport, { fullPage: false });
      const { failedRequests, consoleErrors, ...rest } = await problems();
      expect(failedRequests).toEqual([
        expect.stringMatching(/PUT .*\/api\/users\/\d+: HTTP 400$/),
        expect.stringMatching(/DELETE .*\/api\/users\/\d+: HTTP 400$/),
      ]);
      expect(consoleErrors.length).toBeGreaterThan(0);
      expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
    }
    expect(await must<{ emailAddress: string }>(admin, `/api/users/${fullId}`)).toMatchObject({ emailAddress });
  });

  it("acme.admin signs acme.teamlead out everywhere from the user's page; acme.teamlead's open page goes to log in", async () => {
    const teamLead = await portal.openAs('acme.teamlead', DESKTOP);
    await teamLead.page.goto('/account');
    await teamLead.page.getByRole('heading', { level: 1 }).first().waitFor();

    const { page, problems, session } = await portal.openAs('acme.admin', DESKTOP);
    const users = await must<List<Named>>(
      session,
      "/api/users?$select=id,userName&$filter=userName eq 'acme.teamlead'",
    );
    const teamLeadId = users.value[0]?.id;
    if (!teamLeadId) throw new Error('acme.admin does not see acme.teamlead');
    await page.goto(`/users/edit/${teamLeadId}`);
    const card = page.getByRole('region', { name: 'Sign-in' });
    await card.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmation' });
    await dialog.getByText('acme.teamlead will be signed out on every device at once.', { exact: false }).waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'user-sign-out-everywhere', DESKTOP, { fullPage: false });
    await dialog.getByRole('button', { name: 'Yes, I Understand' }).click();
    await page.getByRole('alert').filter({ hasText: 'Signed out everywhere.' }).waitFor();
    expect(await problems()).toEqual(NO_PROBLEMS);
    const phone = await portal.openAs('acme.admin', PHONE);
    await phone.page.goto(`/users/edit/${teamLeadId}`);
    await phone.page.getByRole('region', { name: 'Sign-in' }).scrollIntoViewIfNeeded();
    await takeScreenshot(phone.page, 'user-sign-in-card', PHONE, { fullPage: false });

    // The team lead's next call is refused, and their page goes to the sign-in page.
    await teamLead.page.goto('/account');
    await teamLead.page.waitForURL((url) => url.pathname === '/login');
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
