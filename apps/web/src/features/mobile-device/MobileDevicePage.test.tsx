// @vitest-environment jsdom
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { admin, CLI, deviceApi, field, renderPage, summary, teamLead } from './mobile-device-test-api';

describe('mobile device page (spec 2.14)', () => {
  it("shows the line, its contract and the carrier's SIM number and spend limit", async () => {
    deviceApi({ supplierId: 33 });
    renderPage(admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Oliver Smith' })).toBeDefined();
    const card = await summary();
    expect(field(card, 'Mobile Number')).toBe(CLI);
    expect(field(card, 'SIM No.')).toBe('89441000001');
    expect(field(card, 'Product')).toBe('Business 30GB 5G');
    expect(field(card, 'Order No.')).toBe('MOB-100002');
    expect(field(card, 'Status')).toBe('Active');
    expect(field(card, 'Ordered')).toBe('10/03/2025');
    expect(field(card, 'Start Date')).toBe('17/03/2025');
    expect(field(card, 'End Date')).toBe('16/03/2027');
    expect(field(card, 'Duration')).toBe('24 Months');
    await waitFor(() => expect(field(card, 'Spend Limit')).toBe('Barred, limit of £25.00'));
    const products = await screen.findByRole('table', { name: 'Products' });
    expect(within(products).getByText('EU roaming')).toBeDefined();
    expect(within(products).getByText('30GB data')).toBeDefined();
    expect(await screen.findByText('Order completed.')).toBeDefined();
  });

  it('leaves out End Date and Duration without showContractEndDate, and Spend Limit on the second carrier', async () => {
    deviceApi({ supplierId: 27, showContractEndDate: false, contract: { customerDuration: 1 } });
    renderPage(admin);
    const card = await screen.findByRole('region', { name: 'Device Summary' });
    await within(card).findByText('8944200000000000001');
    expect(within(card).queryByText('End Date')).toBeNull();
    expect(within(card).queryByText('Duration')).toBeNull();
    expect(within(card).queryByText('Spend Limit')).toBeNull();
  });

  it("says 'N Month' for a one-month contract", async () => {
    deviceApi({ supplierId: 27, contract: { customerDuration: 1 } });
    renderPage(admin);
    const card = await screen.findByRole('region', { name: 'Device Summary' });
    await within(card).findByText('1 Month');
  });

  it('says when no device has the number, with a way back to the estate', async () => {
    deviceApi({ supplierId: 33 });
    renderPage(admin, '07999999999');
    expect(await screen.findByText('Unable to find a device with the mobile number 07999999999')).toBeDefined();
    await userEvent.click(screen.getByRole('link', { name: 'Return to Estate' }));
    expect(await screen.findByText('Mobile estate')).toBeDefined();
  });

  it('says when the device could not be loaded, and loads it again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deviceApi({ supplierId: 33, contractFailures: 1 });
    renderPage(admin);
    expect(await screen.findByText("We couldn't load this device")).toBeDefined();
    expect(screen.queryByText(/Unable to find a device/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Oliver Smith' })).toBeDefined();
  });

  it('reloads the line, its contract and its events on Refresh', async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(admin);
    await summary();
    await screen.findByText('Order completed.');
    const [contracts, events] = [api.contractReads(), api.eventReads()];
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.contractReads()).toBe(contracts + 1));
    await waitFor(() => expect(api.eventReads()).toBe(events + 1));
  });

  it.each([
    [{ isPending: true, daysPending: 3 }, NOTIFICATION_MESSAGES.pendingChangesProcessing],
    [{ isPending: true, daysPending: 4 }, NOTIFICATION_MESSAGES.pendingChangesContactSupport],
    ['fails' as const, NOTIFICATION_MESSAGES.pendingChangesContactSupport],
  ])('hides the actions while a change is pending (%j)', async (pending, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deviceApi({ supplierId: 33, pending });
    renderPage(admin);
    const card = await summary();
    expect(await within(card).findByText(message)).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Call Barring' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'SIM Swap' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Remove spend limit' })).toBeNull();
  });

  it('offers only what the permissions allow: CALL BARRING on Read, no SIM SWAP or spend-limit edit', async () => {
    deviceApi({ supplierId: 33 });
    renderPage(teamLead);
    const card = await summary();
    expect(await within(card).findByRole('button', { name: 'Call Barring' })).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'SIM Swap' })).toBeNull();
    await waitFor(() => expect(field(card, 'Spend Limit')).toBe('Barred, limit of £25.00'));
    expect(within(card).queryByRole('button', { name: 'Remove spend limit' })).toBeNull();
  });
});
