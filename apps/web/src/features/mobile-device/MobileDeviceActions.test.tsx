// @vitest-environment jsdom
import { NOTIFICATION_MESSAGES, VALIDATION_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHANGE_FOLLOW_UP_MS } from './change-follow-up';
import { LIFT_SPEND_LIMIT_WARNING } from './LiftSpendLimitDialog';

import {
  admin,
  deviceApi,
  ENDPOINT_ID,
  field,
  ORDER_ITEM_ID,
  renderPage,
  summary,
  teamLead,
} from './mobile-device-test-api';

describe('call barring dialog', () => {
  async function openBarring(_permissions = admin) {
    const card = await summary();
    await userEvent.click(await within(card).findByRole('button', { name: 'Call Barring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Barring' });
    await within(dialog).findByRole('switch', { name: 'International calls' });
    return { card, dialog };
  }

  it("lists the first carrier's bars without the spend-limit bars 14, 44 and 374, and sends the changed ones; the device is then pending", async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(admin);
    const { card, dialog } = await openBarring();
    expect(
      within(dialog)
        .getAllByRole('switch')
        .map((toggle) => toggle.closest('label')?.textContent),
    ).toEqual(['International calls', 'Premium rate numbers']);
    expect((within(dialog).getByRole('switch', { name: 'International calls' }) as HTMLInputElement).checked).toBe(
      true,
    );
    const readsBefore = api.eventReads();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'International calls' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Premium rate numbers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(NOTIFICATION_MESSAGES.barringChangesRequested)).toBeDefined();
    expect(api.posts).toEqual([
      {
        path: `/api/mobileHalo/bars/${ENDPOINT_ID}`,
        body: { barsToAdd: [12], barsToRemove: [21], orderItemId: ORDER_ITEM_ID, addEvent: true },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Call Barring' })).toBeNull();
    await waitFor(() => expect(api.eventReads()).toBeGreaterThan(readsBefore));
  });

  it.each([
    ['Succeeded', NOTIFICATION_MESSAGES.mobileRequestSuccessful],
    ['Failed', NOTIFICATION_MESSAGES.mobileRequestProblem],
  ] as const)(
    'follows a requested change until the carrier is done (%s), says how it ended and offers the actions again',
    async (outcome, message) => {
      deviceApi({ supplierId: 33, checksUntilDone: 1, outcome });
      renderPage(admin);
      const { card, dialog } = await openBarring();
      await userEvent.click(within(dialog).getByRole('switch', { name: 'Premium rate numbers' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(within(card).getByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeDefined();

      expect(await screen.findByText(message, {}, { timeout: CHANGE_FOLLOW_UP_MS * 2 })).toBeDefined();
      expect(within(card).queryByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeNull();
      expect(within(card).getByRole('button', { name: 'Call Barring' })).toBeDefined();
    },
    CHANGE_FOLLOW_UP_MS * 3,
  );

  it('warns when nothing changed and closes without sending or marking the device pending', async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(admin);
    const { card, dialog } = await openBarring();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You have not made any changes.')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.posts).toEqual([]);
    expect(within(card).getByRole('button', { name: 'Call Barring' })).toBeDefined();
  });

  it("sends the second carrier's network suffixes, and tells supplier 36's users to expect an e-mail", async () => {
    const api = deviceApi({ supplierId: 36 });
    renderPage(admin);
    const card = await screen.findByRole('region', { name: 'Device Summary' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Call Barring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Barring' });
    await userEvent.click(await within(dialog).findByRole('switch', { name: 'Roaming' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.barringChangesRequestedByEmail)).toBeDefined();
    expect(api.posts).toEqual([
      {
        path: `/api/mobileVertex/ToggleBar/${ENDPOINT_ID}`,
        body: { barsToAdd: ['BAR-ROAM'], barsToRemove: [], orderItemId: ORDER_ITEM_ID },
      },
    ]);
  });

  it('shows the bars read-only without Write', async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(teamLead);
    const { dialog } = await openBarring(teamLead);
    for (const toggle of within(dialog).getAllByRole('switch'))
      expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.posts).toEqual([]);
  });

  it('says there was a problem when the request fails, and stays open to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deviceApi({ supplierId: 33, changeStatus: 503 });
    renderPage(admin);
    const { card, dialog } = await openBarring();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Premium rate numbers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.mobileRequestProblem, { exact: false })).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Call Barring' })).toBeDefined();
    expect(within(card).queryByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeNull();
  });
});

describe('SIM swap dialog', () => {
  async function openSimSwap() {
    const card = await summary();
    await userEvent.click(await within(card).findByRole('button', { name: 'SIM Swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'SIM Swap' });
    const input = await within(dialog).findByLabelText('New SIM number');
    return { card, dialog, input };
  }

  async function submitWith(dialog: HTMLElement, input: HTMLElement, value: string) {
    await userEvent.clear(input);
    // Pasted whole: the checks on submit are the subject, not typing key by key.
    if (value !== '') await userEvent.paste(value);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  }

  it('checks digits, length, the carrier pattern and the current number before sending', async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(admin);
    const { card, dialog, input } = await openSimSwap();
    await submitWith(dialog, input, '8944a');
    expect(await within(dialog).findByText('The SIM number must contain digits only.')).toBeDefined();
    await submitWith(dialog, input, '8944100');
    expect(await within(dialog).findByText('The SIM number must be 11 digits long.')).toBeDefined();
    await submitWith(dialog, input, '12441000002');
    expect(await within(dialog).findByText('A Halo SIM number starts with 89.')).toBeDefined();
    await submitWith(dialog, input, '89441000001');
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.simNumbersSame)).toBeDefined();
    expect(api.posts).toEqual([]);

    await submitWith(dialog, input, '89441000002');
    expect(await screen.findByText(NOTIFICATION_MESSAGES.simSwapRequested)).toBeDefined();
    expect(api.posts).toEqual([
      {
        path: `/api/mobileHalo/simswap/${ENDPOINT_ID}`,
        body: { serialNumber: '89441000002', orderItemId: ORDER_ITEM_ID },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeDefined();
  });

  it("uses the second carrier's 15 to 20 digits and its own path, with supplier 36's e-mail message", async () => {
    const api = deviceApi({ supplierId: 36 });
    renderPage(admin);
    const card = await screen.findByRole('region', { name: 'Device Summary' });
    await userEvent.click(await within(card).findByRole('button', { name: 'SIM Swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'SIM Swap' });
    const input = await within(dialog).findByLabelText('New SIM number');
    await submitWith(dialog, input, '89442000000000');
    expect(await within(dialog).findByText('The SIM number must be 15 to 20 digits long.')).toBeDefined();
    await submitWith(dialog, input, '894420000000000');
    expect(await within(dialog).findByText('Enter the 19 digits on the SIM card.')).toBeDefined();
    await submitWith(dialog, input, '8944200000000000002');
    expect(await screen.findByText(NOTIFICATION_MESSAGES.simSwapRequestedByEmail)).toBeDefined();
    expect(api.posts).toEqual([
      {
        path: `/api/mobileVertex/SimSwap/${ENDPOINT_ID}`,
        body: { simNumber: '8944200000000000002', orderItemId: ORDER_ITEM_ID },
      },
    ]);
  });

  it('says there was a problem when the request fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deviceApi({ supplierId: 33, changeStatus: 502 });
    renderPage(admin);
    const { dialog, input } = await openSimSwap();
    await submitWith(dialog, input, '89441000002');
    expect(await screen.findByText(NOTIFICATION_MESSAGES.mobileRequestProblem, { exact: false })).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'SIM Swap' })).toBeDefined();
  });
});

describe('spend limit', () => {
  it('lifts a barred limit after the confirmation, then the device is pending', async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(admin);
    const card = await summary();
    await userEvent.click(await within(card).findByRole('button', { name: 'Remove spend limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Spend Limit' });
    expect(within(dialog).getByText(LIFT_SPEND_LIMIT_WARNING)).toBeDefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove limit' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.spendLimitRemovalRequested)).toBeDefined();
    expect(api.posts).toEqual([
      {
        path: `/api/mobileHalo/SpendLimit/${ENDPOINT_ID}/Unbar`,
        body: { orderItemId: ORDER_ITEM_ID, addEvent: true },
      },
    ]);
    expect(within(card).getByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeDefined();
  });

  it('says when the removal was not made', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deviceApi({ supplierId: 33, changeStatus: 409 });
    renderPage(admin);
    const card = await summary();
    await userEvent.click(await within(card).findByRole('button', { name: 'Remove spend limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Spend Limit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove limit' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.spendLimitRemovalFailed, { exact: false })).toBeDefined();
  });

  it.each([
    [{ lifted: true, barApplied: false, spendLimit: null }, 'Limit reached, bar lifted'],
    [{ lifted: false, barApplied: false, spendLimit: null }, 'Unknown'],
  ])('offers no edit for a limit that is not monitored (%j)', async (spendLimit, text) => {
    deviceApi({ supplierId: 33, spendLimit });
    renderPage(admin);
    const card = await summary();
    await waitFor(() => expect(field(card, 'Spend Limit')).toBe(text));
    expect(within(card).queryByRole('button', { name: 'Remove spend limit' })).toBeNull();
  });
});
