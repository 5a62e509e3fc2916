import { NOTIFICATION_MESSAGES, siteHasLinesMessage, siteIsOnlySiteOfMessage } from '@portal/contract';
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

interface DeletionCheck {
  mobileDevices: number;
  broadbandContracts: number;
  onlySiteOf: Array<{ id: number; userName: string }>;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Page width beyond the screen's (a phone page must not scroll sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function shoot(page: Page, name: string, viewport: ViewportProfile, fullPage = true) {
  await animationsFinished(page);
  await takeScreenshot(page, name, viewport, { fullPage });
}

/** A site of the caller's with devices or contracts on it (the first by name). */
async function siteWithLines(session: ApiSession) {
  const sites = await must<List<SiteRow>>(session, '/api/sites?$select=id,name,town&$orderby=name');
  for (const site of sites.value) {
    const check = await must<DeletionCheck>(session, `/api/sites/${site.id}/deletionCheck`);
    if (check.mobileDevices + check.broadbandContracts > 0) return site;
  }
  throw new Error('No site with lines');
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

  for (const viewport of [DESKTOP, PHONE]) {
    it(`applies a device filter on the team form with APPLY and with Enter without saving the team, on a ${viewport.name} (issue 21)`, async () => {
      const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
      const { page, problems } = await portal.open(viewport, session.storage);
      const writes: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET' && request.url().includes('/api/teams')) {
          writes.push(`${request.method()} ${request.url()}`);
        }
      });
      await page.goto('/teams/add');
      await expect.poll(() => heading(page).textContent()).toBe('Add Team');
      await page.getByRole('textbox', { name: 'Name' }).fill('Filter Test Team');
      // A table on a desktop, cards on a phone: the same filter dialog either way.
      const form = page.getByRole('form', { name: 'Add Team' });
      const devices = page
        .getByRole('table', { name: 'Mobile devices' })
        .or(page.getByRole('list', { name: 'Mobile devices' }));
      const items = devices.getByRole(viewport === PHONE ? 'listitem' : 'row');
      await items.nth(1).waitFor();
      await devices
        .getByRole('checkbox', { name: /^Select (?!all)/ })
        .first()
        .check();

      await form.getByRole('button', { name: 'Filter Name' }).click();
      const filter = page.getByRole('dialog', { name: 'Filter for Name' });
      await filter.getByLabel('Name').fill('Jackson');
      await filter.getByRole('button', { name: 'Apply' }).click();
      await filter.waitFor({ state: 'detached' });
      await page.getByText('Name: Jackson', { exact: true }).waitFor();
      const onlyJacksons = async () => {
        const rows = (await items.allTextContents()).slice(viewport === PHONE ? 0 : 1);
        return rows.length > 0 && rows.every((row) => row.includes('Jackson'));
      };
      await expect.poll(onlyJacksons).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/teams/add');

      await form.getByRole('button', { name: 'Filter Name' }).click();
      await filter.getByLabel('Name').fill('Jacks');
      await filter.getByLabel('Name').press('Enter');
      await filter.waitFor({ state: 'detached' });
      await page.getByText('Name: Jacks', { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/teams/add');
      // The form is still being filled in: the name and the ticked device are kept, and Save is still to come.
      expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Filter Test Team');
      expect(await page.getByRole('group', { name: 'Selected devices' }).locator('.MuiChip-root').count()).toBe(1);
      expect(writes).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, 'admin-team-form-filtered', viewport, false);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it('says first what keeps a site with devices, moves them to another site in one step, then deletes it and focuses the heading (issue 21)', async () => {
    const { baseUrl } = portal.server;
    const session = await signInThroughApi(baseUrl, 'acme.admin');
    const sites = await must<List<SiteRow>>(session, '/api/sites?$select=id,name,town&$orderby=name');
    let busy: SiteRow | undefined;
    let lines = 0;
    for (const site of sites.value) {
      const check = await must<DeletionCheck>(session, `/api/sites/${site.id}/deletionCheck`);
      if (check.mobileDevices + check.broadbandContracts > 0 && check.onlySiteOf.length === 0) {
        busy = site;
        lines = check.mobileDevices + check.broadbandContracts;
        break;
      }
    }
    if (!busy) throw new Error('acme.admin has no site with devices that no user depends on');
    const target = (await session.send('POST', '/api/sites', {
      name: 'Move Target Site',
      newAddress: { line1: '2 Mill Lane', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS1 1AA' },
    })) as Named;

    const { page, problems } = await portal.open(DESKTOP, session.storage);
    await page.goto(`/sites/view?sites.f.name=${encodeURIComponent(busy.name)}`);
    const table = page.getByRole('table', { name: 'Manage Sites' });
    await table.getByRole('button', { name: `Actions for ${busy.name}` }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Edit', 'Delete']);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    // What keeps the site is said before anything is asked.
    const blocked = page.getByRole('dialog', { name: `${busy.name} can't be deleted yet` });
    await blocked.getByText(siteHasLinesMessage(lines)).waitFor();
    expect(await blocked.getByRole('button', { name: 'Yes, I Understand' }).count()).toBe(0);
    expect(await blocked.getByText('This action cannot be undone.').count()).toBe(0);
    expect((await blocked.boundingBox())?.width).toBe(500);
    await shoot(page, 'admin-delete-blocked-by-lines', DESKTOP, false);
    await expectAccessible(page);

    await blocked.getByRole('combobox', { name: 'Move them to' }).click();
    await page.getByRole('option', { name: 'Move Target Site' }).click();
    await blocked.getByRole('button', { name: 'Move' }).click();
    const question = page.getByRole('dialog', { name: `Are you sure you want to delete ${busy.name}?` });
    await question.getByText('Moved them to Move Target Site.').waitFor();
    await question.getByText('This action cannot be undone.').waitFor();
    await shoot(page, 'admin-delete-after-move', DESKTOP, false);
    expect(await count(session, `/api/endpoints/mobileHandset/site/${target.id}`)).toBeGreaterThan(0);
    const moved =
      ((await count(session, `/api/endpoints/mobileHandset/site/${target.id}`)) ?? 0) +
      ((await count(session, `/api/endpoints/broadbandConnection/site/${target.id}`)) ?? 0);
    expect(moved).toBe(lines);

    await question.getByRole('button', { name: 'Yes, I Understand' }).click();
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.deleteSuccessful }).waitFor();
    await question.waitFor({ state: 'detached' });
    expect(await session.get(`/api/sites/${busy.id}`)).toBeUndefined();
    // The deleted row's menu is gone: focus is on the list's heading, not lost to the page.
    await page.getByText('No records match this filter').waitFor();
    await expect
      .poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`))
      .toBe('H1 Manage Sites');
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it("refuses to delete a Site Manager's only site, naming them, and they stay listed and editable (issue 21)", async () => {
    const { baseUrl } = portal.server;
    const session = await signInThroughApi(baseUrl, 'acme.admin');
    const yard = (await session.send('POST', '/api/sites', {
      name: 'Cardiff Yard Test',
      newAddress: { line1: '9 Dock Road', town: 'Cardiff', county: 'South Glamorgan', postCode: 'CF10 4AA' },
    })) as Named;
    const profiles = await must<List<Named>>(session, '/api/profiles');
    const siteManager = profiles.value.find((profile) => profile.name === 'Site Manager');
    if (!siteManager) throw new Error('No Site Manager profile');
    const defaults = await must<List<{ id: number }>>(session, `/api/profiles/${siteManager.id}/functionality`);
    const manager = (await session.send('POST', '/api/users', {
      userName: 'cardiff.manager',
      emailAddress: 'cardiff.manager@acmelogistics.co.uk',
      profileId: siteManager.id,
      functionalityIds: defaults.value.map((entry) => entry.id),
      companies: [],
      sites: [{ id: yard.id }],
      teams: [],
      mobileEndPoints: [],
      broadbandEndPoints: [],
    })) as { id: number };

    for (const viewport of [DESKTOP, PHONE]) {
      const { page, problems } = await portal.open(viewport, session.storage);
      await page.goto('/sites/view?sites.f.name=Cardiff%20Yard%20Test');
      await page.getByRole('button', { name: 'Actions for Cardiff Yard Test' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const blocked = page.getByRole('dialog', { name: "Cardiff Yard Test can't be deleted yet" });
      await blocked.getByText(siteIsOnlySiteOfMessage(['cardiff.manager'])).waitFor();
      expect(await blocked.getByRole('button', { name: 'Yes, I Understand' }).count()).toBe(0);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, 'admin-delete-blocked-by-users', viewport, false);
      await expectAccessible(page);
      // The Site Manager is still found and edited.
      await blocked.getByRole('link', { name: 'Edit cardiff.manager' }).click();
      await page.waitForURL(`**/users/edit/${manager.id}`);
      await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
      await expect.poll(() => page.getByLabel('Username').inputValue()).toBe('cardiff.manager');
      expect(await problems()).toEqual(NO_PROBLEMS);
    }
    expect(await must<Named>(session, `/api/sites/${yard.id}`)).toMatchObject({ id: yard.id });
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
    await admin.send('PUT', `/api/users/${userId}`, {
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

    const empty = (await session.send('POST', '/api/sites', {
      name: 'Phone Empty Site',
      newAddress: { line1: '3 Mill Lane', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS1 1AB' },
    })) as Named;
    await page.goto(`/sites/view?sites.f.name=${encodeURIComponent(empty.name)}`);
    await page.getByRole('button', { name: `Actions for ${empty.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('This action cannot be undone.').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'admin-delete-dialog', PHONE, false);
    await page.getByRole('button', { name: 'No, Thanks' }).click();

    const busy = await siteWithLines(session);
    await page.goto(`/sites/view?sites.f.name=${encodeURIComponent(busy.name)}`);
    await page.getByRole('button', { name: `Actions for ${busy.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: `${busy.name} can't be deleted yet` })
      .getByText('Move them to')
      .first()
      .waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'admin-delete-blocked-by-lines', PHONE, false);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
