import { NOTIFICATION_MESSAGES } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { animationsFinished, DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { count, type List, must, type Named } from './support/estate-tables';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// Manage Sites and Manage Teams (spec 2.10, 2.11): the lists, the delete dialog and the site and team forms.

interface SiteRow extends Named {
  town: string;
}

/** A write to the API as the session's user (ApiSession only reads). */
async function send(baseUrl: string, session: ApiSession, method: string, path: string, body?: unknown) {
  const { accessToken } = JSON.parse(session.storage.id_token ?? '{}') as { accessToken: string };
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Page width beyond the screen's (a phone page must not scroll sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function shoot(page: Page, name: string, viewport: ViewportProfile, fullPage = true) {
  await animationsFinished(page);
  await takeScreenshot(page, name, viewport, { fullPage });
}

describe('manage sites and teams', () => {
  const portal = usePortal();

  it('acme.admin adds a site at a new address and a team of three devices, and sees both listed', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    await page.goto('/sites/view');
    await expect.poll(() => heading(page).textContent()).toBe('Manage Sites');
    const table = page.getByRole('table', { name: 'Manage Sites' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining(['Name', 'Company', 'Address Line 1', 'Address Line 2', 'Address Line 3', 'Town']),
    );
    await shoot(page, 'admin-sites-list', DESKTOP);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Add Site' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Add Site');
    // One company: no Company field (spec 2.11).
    expect(await page.getByRole('form', { name: 'Add Site' }).getByRole('combobox', { name: 'Company' }).count()).toBe(
      0,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Please choose an address').waitFor();

    await page.getByRole('textbox', { name: 'Name' }).fill('Harbour Test Office');
    await page.getByRole('combobox', { name: 'Address' }).click();
    await page.getByRole('option', { name: 'New address' }).click();
    await page.getByRole('textbox', { name: 'Address Line 1' }).fill('1 Quay Street');
    await page.getByRole('textbox', { name: 'Town' }).fill('Whitby');
    await page.getByRole('textbox', { name: 'County' }).fill('North Yorkshire');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Post Code is required').waitFor();
    await page.getByRole('textbox', { name: 'Post Code' }).fill('YO21 1AA');
    await shoot(page, 'admin-site-form-add', DESKTOP);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/sites/view');
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.saveSuccessful }).waitFor();
    await page.goto('/sites/view?sites.f.name=Harbour%20Test');
    const row = table.getByRole('row').filter({ hasText: 'Harbour Test Office' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Whitby');
    expect(await row.textContent()).toContain('YO21 1AA');

    // The site's form shows what was saved, under Edit.
    await row.getByRole('link', { name: 'Harbour Test Office' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Edit Site');
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Harbour Test Office');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Address' }).textContent())
      .toBe('1 Quay Street, Whitby, North Yorkshire, YO21 1AA');
    await shoot(page, 'admin-site-form-edit', DESKTOP);

    await page.goto('/teams/view');
    await expect.poll(() => heading(page).textContent()).toBe('Manage Teams');
    await page.getByRole('table', { name: 'Manage Teams' }).getByRole('row').nth(1).waitFor();
    await shoot(page, 'admin-teams-list', DESKTOP);
    await page.getByRole('link', { name: 'Add Team' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Add Team');
    await page.getByRole('textbox', { name: 'Name' }).fill('Night Shift Test');
    const devices = page.getByRole('table', { name: 'Mobile devices' });
    await devices.getByRole('row').nth(3).waitFor();
    const boxes = devices.getByRole('checkbox', { name: /^Select (?!all)/ });
    const names: string[] = [];
    for (const index of [0, 1, 2]) {
      const box = boxes.nth(index);
      names.push(((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
      await box.check();
    }
    const chips = page.getByRole('group', { name: 'Selected devices' }).locator('.MuiChip-root');
    await expect.poll(() => chips.count()).toBe(3);
    // A chip's delete icon takes its device out again; the box is then unticked.
    await chips.nth(2).locator('.MuiChip-deleteIcon').click();
    await expect.poll(() => chips.count()).toBe(2);
    expect(await boxes.nth(2).isChecked()).toBe(false);
    await boxes.nth(2).check();
    await expect.poll(() => chips.count()).toBe(3);
    await shoot(page, 'admin-team-form-add', DESKTOP);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/teams/view');
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.saveSuccessful }).waitFor();
    await page.goto('/teams/view?teams.f.name=Night%20Shift%20Test');
    const teamRow = page
      .getByRole('table', { name: 'Manage Teams' })
      .getByRole('row')
      .filter({ hasText: 'Night Shift' });
    await teamRow.waitFor();
    const cells = await teamRow.getByRole('cell').allTextContents();
    expect(cells).toContain('3');
    const teams = await must<List<Named & { endPoints: Named[] }>>(
      session,
      `/api/teams?$filter=${encodeURIComponent("name eq 'Night Shift Test'")}&$expand=EndPoints`,
    );
    expect(teams.value[0]?.endPoints.map((device) => device.name).sort()).toEqual([...names].sort());

    // Manage Users: the signed-in user's own row is only viewed.
    await page.goto('/users/view?users.f.userName=acme.admin');
    const own = page.getByRole('table', { name: 'Manage Users' }).getByRole('row').filter({ hasText: 'acme.admin' });
    await own.waitFor();
    expect(await own.getByRole('button', { name: 'View acme.admin' }).count()).toBe(1);
    expect(await own.getByRole('button', { name: 'Actions for acme.admin' }).count()).toBe(0);
    await page.goto('/users/view');
    await page.getByRole('table', { name: 'Manage Users' }).getByRole('row').nth(2).waitFor();
    await shoot(page, 'admin-users-list', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('refuses to delete a site that has devices, saying why, and deletes an empty one', async () => {
    const { baseUrl } = portal.server;
    const session = await signInThroughApi(baseUrl, 'acme.admin');
    const sites = await must<List<SiteRow>>(session, '/api/sites?$select=id,name,town&$orderby=name');
    let busy: SiteRow | undefined;
    let lines = 0;
    for (const site of sites.value) {
      const mobile = (await count(session, `/api/endpoints/mobileHandset/site/${site.id}`)) ?? 0;
      const broadband = (await count(session, `/api/endpoints/broadbandConnection/site/${site.id}`)) ?? 0;
      if (mobile + broadband > 0) {
        busy = site;
        lines = mobile + broadband;
        break;
      }
    }
    if (!busy) throw new Error('acme.admin has no site with devices');
    const empty = (await send(baseUrl, session, 'POST', '/api/sites', {
      name: 'Empty Test Site',
      newAddress: { line1: '2 Mill Lane', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS1 1AA' },
    })) as Named;

    const { page, problems } = await portal.open(DESKTOP, session.storage);
    await page.goto(`/sites/view?sites.f.name=${encodeURIComponent(busy.name)}`);
    const table = page.getByRole('table', { name: 'Manage Sites' });
    await table.getByRole('button', { name: `Actions for ${busy.name}` }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Edit', 'Delete']);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Are you sure you want to delete ${busy.name}?` });
    await dialog.getByText('This action cannot be undone.').waitFor();
    expect((await dialog.boundingBox())?.width).toBe(500);
    await shoot(page, 'admin-delete-dialog', DESKTOP, false);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Yes, I Understand' }).click();
    const reason = `This site still has ${lines} ${lines === 1 ? 'device or contract' : 'devices and contracts'}. Move them to another site first.`;
    await dialog.getByRole('alert').filter({ hasText: reason }).waitFor();
    await shoot(page, 'admin-delete-refused', DESKTOP, false);
    // A refusal cannot be retried: only 'No, Thanks' is left.
    expect(await dialog.getByRole('button', { name: 'Yes, I Understand' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'No, Thanks' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await must<Named>(session, `/api/sites/${busy.id}`)).toMatchObject({ id: busy.id });

    await page.goto('/sites/view?sites.f.name=Empty%20Test%20Site');
    await table.getByRole('button', { name: 'Actions for Empty Test Site' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure you want to delete Empty Test Site?' })
      .getByRole('button', { name: 'Yes, I Understand' })
      .click();
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.deleteSuccessful }).waitFor();
    await page.getByText('No records match this filter').waitFor();
    expect(await session.get(`/api/sites/${empty.id}`)).toBeUndefined();

    const { failedRequests, consoleErrors, ...rest } = await problems();
    // The refused delete is the one failed request, and the browser's note of it the one console error.
    expect(failedRequests).toEqual([expect.stringMatching(/DELETE .*\/api\/sites\/\d+: HTTP 409$/)]);
    expect(consoleErrors).toEqual([expect.stringContaining('409 (Conflict)')]);
    expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
  });

  it('acme.sitemanager with only Read on the admin codes sees the lists and forms read-only, titled View', async () => {
    const { baseUrl } = portal.server;
    const admin = await signInThroughApi(baseUrl, 'acme.admin');
    // Give acme.sitemanager Read on the three admin codes, keeping what they hold.
    const found = await must<List<{ id: number; userName: string }>>(
      admin,
      `/api/users?$filter=${encodeURIComponent("userName eq 'acme.sitemanager'")}`,
    );
    const userId = found.value[0]?.id;
    if (userId === undefined) throw new Error('no acme.sitemanager');
    const user = await must<Record<string, unknown> & { functionalityIds: number[] }>(admin, `/api/users/${userId}`);
    const catalogue = await must<List<{ id: number; code: string; accessType: string }>>(admin, '/api/functionality');
    const reads = catalogue.value
      .filter((entry) => ['ManageSite', 'ManageTeam', 'ManageUser'].includes(entry.code) && entry.accessType === 'Read')
      .map((entry) => entry.id);
    expect(reads).toHaveLength(3);
    await send(baseUrl, admin, 'PUT', `/api/users/${userId}`, {
      ...user,
      functionalityIds: [...new Set([...user.functionalityIds, ...reads])],
    });

    const session = await signInThroughApi(baseUrl, 'acme.sitemanager');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    await page.goto('/sites/view');
    const table = page.getByRole('table', { name: 'Manage Sites' });
    const first = table.getByRole('row').nth(1);
    await first.waitFor();
    expect(await page.getByRole('link', { name: 'Add Site' }).count()).toBe(0);
    // No links to the form, one action: a View button.
    expect(await table.getByRole('link').count()).toBe(0);
    const view = first.getByRole('button', { name: /^View / });
    await view.click();
    await expect.poll(() => heading(page).textContent()).toBe('View Site');
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => name.inputValue()).not.toBe('');
    expect(await name.isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await shoot(page, 'admin-site-form-view', DESKTOP);
    await expectAccessible(page);

    await page.goto('/teams/view');
    const teamRow = page.getByRole('table', { name: 'Manage Teams' }).getByRole('row').nth(1);
    await teamRow.waitFor();
    await teamRow.getByRole('button', { name: /^View / }).click();
    await expect.poll(() => heading(page).textContent()).toBe('View Team');
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).not.toBe('');
    expect(await page.getByRole('table', { name: 'Mobile devices' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await shoot(page, 'admin-team-form-view', DESKTOP);

    await page.goto('/users/view');
    const userRow = page.getByRole('table', { name: 'Manage Users' }).getByRole('row').nth(1);
    await userRow.waitFor();
    expect(await page.getByRole('link', { name: 'Add User' }).count()).toBe(0);
    expect(await userRow.getByRole('button', { name: /^View / }).count()).toBe(1);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('multi.admin chooses the company of a new site and team', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'multi.admin');
    const companies = await must<List<Named>>(session, '/api/companies/names');
    expect(companies.value.length).toBeGreaterThan(1);
    const second = companies.value[1] as Named;
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    await page.goto('/sites/add');
    // The form's own field, not the header's company chooser.
    const company = page.getByRole('form', { name: 'Add Site' }).getByRole('combobox', { name: 'Company' });
    await company.waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please choose a company').waitFor();
    await company.click();
    await page.getByRole('option', { name: second.name }).click();
    const addresses = await must<List<{ id: number }>>(session, `/api/companies/${second.id}/addresses`);
    await page.getByRole('combobox', { name: 'Address' }).click();
    // The chosen company's addresses and 'New address'.
    await expect.poll(() => page.getByRole('option').count()).toBe(addresses.value.length + 1);
    await page.getByRole('option').first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Second Company Test Site');
    await shoot(page, 'admin-site-form-company', DESKTOP);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/sites/view');
    const sites = await must<List<Named>>(
      session,
      `/api/sites?$filter=${encodeURIComponent("name eq 'Second Company Test Site'")}&$select=id,name,companyId`,
    );
    expect(sites.value[0]?.companyId).toBe(second.id);

    await page.goto('/teams/add');
    const teamCompany = page.getByRole('form', { name: 'Add Team' }).getByRole('combobox', { name: 'Company' });
    await page.getByText('Choose a company to list its devices.').waitFor();
    await teamCompany.click();
    await page.getByRole('option', { name: second.name }).click();
    await page.getByRole('table', { name: 'Mobile devices' }).getByRole('row').nth(1).waitFor();
    await shoot(page, 'admin-team-form-company', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('says when a save fails, and Save works again once the message is dismissed', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    // The server failing the save, once.
    await page.route('**/api/teams', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { message: 'boom' } })
        : route.fallback(),
    );
    await page.goto('/teams/add');
    await page.getByRole('textbox', { name: 'Name' }).fill('Failing Save Test');
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    const failure = page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.unexpectedError });
    await failure.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await shoot(page, 'admin-team-form-failed', DESKTOP);
    await page.unroute('**/api/teams');
    await failure.getByRole('button', { name: 'Close' }).click();
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.waitForURL('**/teams/view');
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.saveSuccessful }).waitFor();

    const { failedRequests, consoleErrors, ...rest } = await problems();
    expect(failedRequests).toEqual([expect.stringMatching(/POST .*\/api\/teams: HTTP 500$/)]);
    expect(consoleErrors.length).toBeGreaterThan(0);
    expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
  });

  it('fits the lists and forms into a phone screen', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page, problems } = await portal.open(PHONE, session.storage);
    for (const [path, name] of [
      ['/sites/view', 'admin-sites-list'],
      ['/teams/view', 'admin-teams-list'],
      ['/users/view', 'admin-users-list'],
    ] as const) {
      await page.goto(path);
      await page
        .getByRole('list', { name: /^Manage / })
        .or(page.getByText('No records found.'))
        .first()
        .waitFor();
      await page.locator('.MuiSkeleton-root').first().waitFor({ state: 'detached' });
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
      await shoot(page, name, PHONE, false);
    }
    await page.goto('/sites/add');
    await page.getByRole('combobox', { name: 'Address' }).click();
    await page.getByRole('option', { name: 'New address' }).click();
    await page.getByRole('textbox', { name: 'Post Code' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'admin-site-form-add', PHONE);
    await page.goto('/teams/add');
    await page
      .getByRole('checkbox', { name: /^Select / })
      .first()
      .waitFor();
    await page
      .getByRole('checkbox', { name: /^Select / })
      .first()
      .check();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'admin-team-form-add', PHONE, false);
    await page.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
    await shoot(page, 'admin-team-form-add-end', PHONE, false);

    const sites = await must<List<Named>>(session, '/api/sites?$select=id,name&$top=1');
    const site = sites.value[0] as Named;
    await page.goto(`/sites/view?sites.f.name=${encodeURIComponent(site.name)}`);
    await page.getByRole('button', { name: `Actions for ${site.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('This action cannot be undone.').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'admin-delete-dialog', PHONE, false);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
