import { NOTIFICATION_MESSAGES } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughApi } from './support/api-session';
import { DESKTOP, PHONE, takeScreenshot } from './support/browser';
import { afterPut, count, type List, must, type Named, tableTotal } from './support/estate-tables';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

interface Contract {
  id: number;
  name: string;
  identifier: string;
  siteId: number | null;
  companyId: number;
}
interface Detail {
  name: string;
  site: { id: number; name: string } | null;
}

const CONTRACTS = '/api/endpoints/broadbandConnection/user';

/** The only row of a contracts table filtered (through its URL) to one phone number or ADSL reference. */
async function openContractRow(page: Page, contract: Contract): Promise<Locator> {
  await page.goto(`/broadband/estate?contracts.f.identifier=${encodeURIComponent(contract.identifier)}`);
  const row = page.getByRole('table', { name: 'Contracts' }).getByRole('row').filter({ hasText: contract.identifier });
  await row.waitFor();
  return row;
}

/** The names cut off inside their fields: text wider or taller than the box it is typed in. */
const clippedNames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[aria-label^="Name of "]')]
      .filter((field) => field.scrollWidth > field.clientWidth || field.scrollHeight > field.clientHeight + 1)
      .map((field) => field.value),
  );

describe('broadband estate', () => {
  const portal = usePortal();

  it('acme.admin renames a contract and moves it to another site inline, and both stay after a reload', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    const contracts = await must<List<Contract>>(
      session,
      `${CONTRACTS}?$select=id,name,identifier,siteId,companyId&$top=100`,
    );
    const sites = await must<List<Named>>(session, '/api/sites?$select=id,name,companyId');
    const contract = contracts.value.find((candidate) =>
      sites.value.some((site) => site.companyId === candidate.companyId && site.id !== candidate.siteId),
    );
    if (!contract) throw new Error('acme.admin has no broadband contract with another site to move to');

    let row = await openContractRow(page, contract);
    const newName = `${contract.name.slice(0, 80)} (renamed)`;
    // The field names its contract, confirms the save, and keeps focus (issue 21).
    const nameLabel = `Name of ${contract.identifier}`;
    const nameField = row.getByRole('textbox', { name: nameLabel, exact: true });
    await nameField.fill(newName);
    const renamed = afterPut(page, 'changeName');
    await nameField.press('Enter');
    expect((await renamed).status()).toBe(200);
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.saveSuccessful }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null))
      .toBe(nameLabel);
    row = await openContractRow(page, contract);
    await expect.poll(() => row.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(newName);
    expect((await must<Detail>(session, `/api/endpoints/${contract.id}`)).name).toBe(newName);

    const site = sites.value.find(
      (candidate) => candidate.id !== contract.siteId && candidate.companyId === contract.companyId,
    );
    if (!site) throw new Error('unreachable: the contract was chosen for having another site');
    await row.getByRole('combobox', { name: 'Site' }).click();
    const moved = afterPut(page, 'changeSite');
    await page.getByRole('option', { name: site.name, exact: true }).click();
    expect((await moved).status()).toBe(200);
    row = await openContractRow(page, contract);
    await expect.poll(() => row.getByRole('combobox', { name: 'Site' }).textContent()).toBe(site.name);
    expect((await must<Detail>(session, `/api/endpoints/${contract.id}`)).site?.id).toBe(site.id);

    // MANAGE leads to the contract's page.
    const manage = row.getByRole('button', { name: `Manage contract ${contract.identifier}` });
    expect(await manage.textContent()).toBe('MANAGE');
    await manage.click();
    await page.waitForURL(`**/broadband/contract/${encodeURIComponent(contract.identifier)}`);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('says when an update fails and puts the old name back', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page } = await portal.open(DESKTOP, session.storage);
    const contract = (await must<List<Contract>>(session, `${CONTRACTS}?$select=id,name,identifier&$top=1`)).value[0];
    if (!contract) throw new Error('acme.admin has no broadband contract');
    let attempts = 0;
    await page.route('**/api/endpoints/*/changeName', (route) => {
      attempts += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    });

    const row = await openContractRow(page, contract);
    const nameField = row.getByRole('textbox', { name: 'Name' });
    await nameField.fill('A name that will not be saved');
    await nameField.press('Enter');
    await page.getByText(NOTIFICATION_MESSAGES.contractUpdateFailed).waitFor();
    expect(NOTIFICATION_MESSAGES.contractUpdateFailed).toBe('Unable to update this contract. Please try again later.');
    await expect.poll(() => nameField.inputValue()).toBe(contract.name);
    expect(attempts).toBe(1);
    expect((await must<Detail>(session, `/api/endpoints/${contract.id}`)).name).toBe(contract.name);
    await page.evaluate(() => window.scrollTo(0, 0));
    await takeScreenshot(page, 'broadband-estate-update-failed', DESKTOP);
  });

  it('shows every site with its contract count, and the contracts table with all of them', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    const sites = await must<List<Named>>(session, '/api/sites?$select=id,name&$orderby=name&$count=true');
    await page.goto('/broadband/estate');
    const grid = page.getByRole('region', { name: 'Sites' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(Math.min(6, sites.value.length));
    const shown = Math.min(6, sites.value.length);
    await grid.getByText(`1 - ${shown} of ${sites['@odata.count']}`).waitFor();
    for (const site of sites.value.slice(0, shown)) {
      const contracts = await count(session, `/api/endpoints/broadbandConnection/site/${site.id}`);
      const card = grid
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: site.name, exact: true }) });
      await card.getByText(`${contracts} Contract${contracts === 1 ? '' : 's'}`).waitFor();
      expect(await card.getByRole('link', { name: `View site ${site.name}` }).getAttribute('href')).toBe(
        `/broadband/site/${site.id}`,
      );
    }
    const table = page.getByRole('table', { name: 'Contracts' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await tableTotal(page)).toBe(await count(session, CONTRACTS));
    for (const header of ['Name', 'Phone Number / ADSL Ref', 'Product', 'Site', 'Manage']) {
      await table.getByRole('columnheader', { name: header }).first().waitFor();
    }
    await page.waitForFunction(() => document.querySelector('.MuiSkeleton-root, [aria-busy="true"]') === null);
    await expectAccessible(page);
    await takeScreenshot(page, 'broadband-estate', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('opens a site with its contracts, and says when one is not found', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    const sites = await must<List<Named>>(session, '/api/sites?$select=id,name&$orderby=name');
    let site: Named | undefined;
    let expected = 0;
    for (const candidate of sites.value) {
      expected = (await count(session, `/api/endpoints/broadbandConnection/site/${candidate.id}`)) ?? 0;
      if (expected > 0) {
        site = candidate;
        break;
      }
    }
    if (!site) throw new Error('acme.admin has no site with a broadband contract');
    const own = await must<List<Contract>>(
      session,
      `/api/endpoints/broadbandConnection/site/${site.id}?$select=identifier&$orderby=name&$top=1`,
    );

    await page.goto('/broadband/estate');
    await page.getByRole('link', { name: `View site ${site.name}` }).click();
    await page.waitForURL(`**/broadband/site/${site.id}`);
    await page.getByRole('heading', { level: 1, name: site.name }).waitFor();
    const table = page.getByRole('table', { name: `Contracts of ${site.name}` });
    await table.getByRole('row').nth(1).waitFor();
    expect(await tableTotal(page)).toBe(expected);
    await table
      .getByRole('row')
      .filter({ hasText: own.value[0]?.identifier ?? '' })
      .first()
      .waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'broadband-site', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);

    await page.goto('/broadband/site/999999');
    await page.getByRole('heading', { level: 1, name: 'Site not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Broadband Estate' }).click();
    await page.getByRole('heading', { level: 1, name: 'Broadband Estate' }).waitFor();
  });

  it('shows the broadband user their own contract, read-only, with no site cards', async () => {
    // Broadband User: BroadbandUserEstate Read and EndPointSummary Read, no Write and no site estate.
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.broadband');
    const { page, problems } = await portal.open(DESKTOP, session.storage);
    const own = await must<List<Contract>>(session, `${CONTRACTS}?$select=identifier,name`);
    await page.goto('/broadband/estate');
    const table = page.getByRole('table', { name: 'Contracts' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('row').count()).toBe(own.value.length + 1);
    expect(await table.getByRole('textbox').count()).toBe(0);
    expect(await table.getByRole('combobox').count()).toBe(0);
    await table.getByRole('cell', { name: own.value[0]?.identifier ?? '', exact: true }).waitFor();
    await table.getByRole('button', { name: `Manage contract ${own.value[0]?.identifier}` }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Sites' }).count()).toBe(0);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('shows whole names in the name fields at desktop width (issue 21)', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page } = await portal.open(DESKTOP, session.storage);
    await page.goto('/broadband/estate');
    const table = page.getByRole('table', { name: 'Contracts' });
    await table
      .getByRole('textbox', { name: /^Name of / })
      .first()
      .waitFor();
    expect(await table.getByRole('textbox', { name: /^Name of / }).count()).toBeGreaterThan(1);
    expect(await clippedNames(page)).toEqual([]);
  });

  it('fits a phone: cards, no sideways scrolling', async () => {
    const session = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
    const { page, problems } = await portal.open(PHONE, session.storage);
    const site = (await must<List<Named>>(session, '/api/sites?$select=id,name&$orderby=name&$top=1')).value[0];
    for (const [path, name] of [
      ['/broadband/estate', 'broadband-estate'],
      [`/broadband/site/${site?.id}`, 'broadband-site'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 2, name: 'Contracts' }).waitFor();
      await page.waitForFunction(() => document.querySelector('.MuiSkeleton-root, [aria-busy="true"]') === null);
      expect(await page.getByRole('table', { name: /^Contracts/ }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await clippedNames(page)).toEqual([]);
      await takeScreenshot(page, name, PHONE);
    }
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
