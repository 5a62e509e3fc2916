import { NOTIFICATION_MESSAGES, SPEND_ALERT_MESSAGES } from '@portal/contract';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { animationsFinished, DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

// Spend alerts and notices (issue 26): an administrator's rule in the browser, the evaluation firing it on records
// that arrive, the bell's count, the notice with the device barred through the carrier simulator, and the undo.

/** The first carrier of the registry, whose simulator completes bar changes. */
const HALO_SUPPLIER_ID = 33;

interface Line {
  id: number;
  cli: string;
  name: string;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function shoot(page: Page, name: string, viewport: ViewportProfile) {
  await animationsFinished(page);
  await takeScreenshot(page, name, viewport);
}

/** An Acme mobile line of the first carrier with no change in flight, read through the API as the device page reads it. */
async function idleHaloLine(session: ApiSession): Promise<Line> {
  const list = await session.get<{ value: Array<{ id: number; identifier: string; name: string }> }>(
    '/api/endpoints?$filter=endPointTypeId eq 1&$select=id,identifier,name&$orderby=identifier&$top=60',
  );
  for (const { id, identifier: cli, name } of list?.value ?? []) {
    const contract = await session.get<{ supplierId: number; orderItemId: number }>(`/api/contracts/cli/${cli}`);
    if (contract?.supplierId !== HALO_SUPPLIER_ID) continue;
    const check = await session.get<{ isPending: boolean }>(`/api/orders/pending/${cli}/${contract.orderItemId}`);
    if (check?.isPending === false) return { id, cli, name };
  }
  throw new Error('No idle Halo line of Acme');
}

describe('spend alerts and notices', () => {
  const portal = usePortal({ env: { SPEND_ALERTS_EVERY_MS: '1000' } });

  async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    if (!portal.databaseUrl) throw new Error('This test inserts records: run it with TEST_DATABASE_URL');
    const client = new pg.Client({ connectionString: portal.databaseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  let admin: ApiSession;
  beforeAll(async () => {
    admin = await signInThroughApi(portal.server.baseUrl, 'acme.admin');
  });

  it('acme.admin creates a device rule in the browser; records cross it; the notice shows the device barred, then the bar undone', {
    timeout: 240_000,
  }, async () => {
    const line = await idleHaloLine(admin);
    const { page, problems } = await portal.open(DESKTOP, admin.storage);

    // No rules yet: the empty list offers to add one.
    await page.goto('/spend-alerts/view');
    await expect.poll(() => heading(page).textContent()).toBe('Spend Alerts');
    await page.getByRole('status').filter({ hasText: 'No spend alerts yet.' }).waitFor();
    await shoot(page, 'spend-alerts-empty', DESKTOP);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Add Spend Alert' }).first().click();
    await expect.poll(() => heading(page).textContent()).toBe('Add Spend Alert');
    const form = page.getByRole('form', { name: 'Add Spend Alert' });
    // The form's own checks are the contract's: nothing is sent until they pass.
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Enter the threshold.').waitFor();
    await form.getByText(SPEND_ALERT_MESSAGES.recipientRequired).waitFor();
    // A bar needs one device: telling is all a company-wide rule can do.
    expect(await form.getByRole('radio', { name: "Also bar the device's mobile data" }).isDisabled()).toBe(true);
    await shoot(page, 'spend-alert-form-errors', DESKTOP);
    await expectAccessible(page);

    await form.getByRole('textbox', { name: 'Name' }).fill('Van data overspend');
    await form.getByRole('combobox', { name: 'Scope' }).click();
    await page.getByRole('option', { name: 'Mobile device' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(SPEND_ALERT_MESSAGES.scopeTargetRequired).waitFor();
    const device = form.getByRole('combobox', { name: 'Mobile device' });
    await device.fill(line.cli);
    await page.getByRole('option', { name: `${line.name} (${line.cli})` }).click();
    await form.getByRole('textbox', { name: 'Threshold (£)' }).fill('0.505');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(SPEND_ALERT_MESSAGES.pence).waitFor();
    await form.getByRole('textbox', { name: 'Threshold (£)' }).fill('0.50');
    const users = form.getByRole('combobox', { name: 'Portal users' });
    await users.fill('acme.admin');
    await page.getByRole('option', { name: 'acme.admin', exact: true }).click();
    const emails = form.getByRole('combobox', { name: 'E-mail addresses' });
    await emails.fill('not-an-address');
    await emails.press('Enter');
    await form.getByText('The email address must contain a @').waitFor();
    await emails.fill('fleet@acme.example');
    await emails.press('Enter');
    await form.getByRole('button', { name: 'fleet@acme.example' }).waitFor();
    await form.getByRole('radio', { name: "Also bar the device's mobile data" }).check();
    await form.getByText('can be undone from the notice').waitFor();
    await shoot(page, 'spend-alert-form-add', DESKTOP);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/spend-alerts/view');
    await snackbar(page, NOTIFICATION_MESSAGES.saveSuccessful).waitFor();
    const table = page.getByRole('table', { name: 'Spend Alerts' });
    const row = table.getByRole('row').filter({ hasText: 'Van data overspend' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells).toEqual(
      expect.arrayContaining([
        `Mobile device: ${line.name} (${line.cli})`,
        'Cost over £0.50',
        'Each day',
        "Also bar the device's mobile data",
        'Yes',
        'Never',
      ]),
    );
    // The snackbar's own colours are the shared one's; the list is checked once it has gone.
    await snackbar(page, NOTIFICATION_MESSAGES.saveSuccessful).waitFor({ state: 'detached' });
    await shoot(page, 'spend-alerts-list', DESKTOP);
    await expectAccessible(page);

    // Records arrive for the device today, over the threshold; the scheduled evaluation fires the rule.
    await withDatabase((client) =>
      client.query(
        `INSERT INTO call_detail_records (endpoint_id, started_at, record_type, destination, bytes, cost)
         VALUES ($1, now(), 'data', 'Internet', 52428800, 0.75), ($1, now(), 'data', 'Internet', 10485760, 0.25)`,
        [line.id],
      ),
    );
    await expect
      .poll(async () => (await admin.get<{ unread: number }>('/api/notifications/unreadCount'))?.unread, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(1);
    // The bell asks every 30 seconds; a new page asks at once.
    await page.reload();
    const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.click();
    await expect.poll(() => heading(page).textContent()).toBe('Notifications');
    const notices = page.getByRole('list', { name: 'Notifications' });
    const notice = notices.getByRole('listitem').first();
    await notice.getByRole('heading', { name: /^Unread: / }).waitFor();
    expect(await notice.textContent()).toContain('Acme Logistics Ltd');
    // The carrier simulator completes the bar late: the page follows it until it is on.
    await notice.getByText('Barred: mobile data').waitFor({ timeout: 60_000 });
    await shoot(page, 'notifications-barred', DESKTOP);
    await expectAccessible(page);

    // The device's page shows the bar's request among its events; following the link reads the notice.
    await notice.getByRole('link', { name: `${line.name} (${line.cli})` }).click();
    await page.getByRole('heading', { level: 1, name: /^Manage / }).waitFor();
    // The bar's request is the device's ordinary call barring request, made by the spend alert.
    await page.getByRole('region', { name: 'Events' }).getByText('Spend alert').first().waitFor();
    await shoot(page, 'spend-alert-device-events', DESKTOP);
    await page.goBack();
    await expect.poll(() => heading(page).textContent()).toBe('Notifications');
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    expect(await notice.getByRole('heading', { name: /^Unread: / }).count()).toBe(0);

    // Undo, behind a confirmation: the bar is lifted through the carrier.
    await notice.getByRole('button', { name: 'Undo bar' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirmation' });
    await confirmation.getByText('will be lifted through its carrier').waitFor();
    await confirmation.getByRole('button', { name: 'Yes, I Understand' }).click();
    await snackbar(page, 'Undo requested.').waitFor();
    await notice.getByText('Bar lifted: mobile data').waitFor({ timeout: 60_000 });
    expect(await notice.getByRole('button', { name: 'Undo bar' }).count()).toBe(0);
    await shoot(page, 'notifications-bar-lifted', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('says a failed load of the rules failed, retries it, and says when the filter matches nothing', async () => {
    const { page, problems } = await portal.open(DESKTOP, admin.storage);
    const failing = { on: true };
    await page.route(
      (url) => url.pathname === '/api/spendAlerts',
      (route) =>
        failing.on
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"message":"x"}' })
          : route.fallback(),
    );
    await page.goto('/spend-alerts/view');
    const failed = page.getByRole('alert').filter({ hasText: "We couldn't load your spend alerts" });
    await failed.waitFor();
    await shoot(page, 'spend-alerts-failed', DESKTOP);
    failing.on = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await failed.waitFor({ state: 'detached' });

    await page.goto('/spend-alerts/view?spend-alerts.f.name=nothing%20like%20this');
    await page.getByRole('status').filter({ hasText: 'No records match this filter' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).waitFor();
    const { failedRequests, consoleErrors, ...rest } = await problems();
    expect(failedRequests.every((request) => request.includes('/api/spendAlerts'))).toBe(true);
    expect(consoleErrors.every((error) => error.includes('500'))).toBe(true);
    expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
  });

  it('opens a rule read-only for an administrator with SpendAlerts Read only', async () => {
    const globex = await signInThroughApi(portal.server.baseUrl, 'globex.admin');
    const self = (await globex.get<{ value: Array<{ id: number }> }>(
      `/api/users?$filter=${encodeURIComponent("userName eq 'globex.admin'")}&$select=id`,
    )) ?? { value: [] };
    const rule = (await globex.send('POST', '/api/spendAlerts', {
      name: 'Globex monthly spend',
      scope: 'company',
      measure: 'cost',
      period: 'billMonth',
      threshold: 2500,
      notifyUserIds: [self.value[0]?.id],
      notifyEmails: ['finance@globex.example'],
    })) as { id: number };
    await withDatabase((client) =>
      client.query(
        `DELETE FROM user_functionality uf USING users u, functionality f
         WHERE uf.user_id = u.id AND uf.functionality_id = f.id
           AND u.user_name = 'globex.admin' AND f.code = 'SpendAlerts' AND f.access_type IN ('Write', 'Delete')`,
      ),
    );
    const reader = await signInThroughApi(portal.server.baseUrl, 'globex.admin');
    const { page, problems } = await portal.open(DESKTOP, reader.storage);
    await page.goto('/spend-alerts/view');
    const row = page.getByRole('table', { name: 'Spend Alerts' }).getByRole('row').filter({ hasText: 'Globex' });
    await row.waitFor();
    expect(await page.getByRole('link', { name: 'Add Spend Alert' }).count()).toBe(0);
    await row.getByRole('button', { name: 'View Globex monthly spend' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('View Spend Alert');
    const form = page.getByRole('form', { name: 'View Spend Alert' });
    await expect.poll(() => form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Globex monthly spend');
    expect(await form.getByRole('textbox', { name: 'Name' }).getAttribute('readonly')).not.toBeNull();
    expect(await form.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await form.getByRole('link', { name: 'Back' }).waitFor();
    await shoot(page, 'spend-alert-form-view', DESKTOP);
    await expectAccessible(page);
    // A write is refused by the server all the same.
    await expect(reader.send('PUT', `/api/spendAlerts/${rule.id}`, { name: 'x' })).rejects.toThrow(/40[03]/);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('fits the list, the form and the notifications in 390 px on a phone, axe-clean', async () => {
    const { page, problems } = await portal.open(PHONE, admin.storage);
    await page.goto('/spend-alerts/view');
    await page.getByRole('list', { name: 'Spend Alerts' }).getByTestId('data-table-card').first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'spend-alerts-list', PHONE);
    await expectAccessible(page);

    await page.goto('/spend-alerts/add');
    await expect.poll(() => heading(page).textContent()).toBe('Add Spend Alert');
    const form = page.getByRole('form', { name: 'Add Spend Alert' });
    await form.getByRole('combobox', { name: 'Scope' }).click();
    await page.getByRole('option', { name: 'Site' }).click();
    await form.getByRole('radio', { name: 'Each device on its own' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Name is required').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'spend-alert-form-add', PHONE);
    await expectAccessible(page);

    await page.goto('/notifications');
    await expect.poll(() => heading(page).textContent()).toBe('Notifications');
    await page
      .getByRole('list', { name: 'Notifications' })
      .or(page.getByText('No notifications yet.'))
      .first()
      .waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'notifications', PHONE);
    await expectAccessible(page);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
