// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type Id } from './index';
import { deferred, fakeList, listOperation, renderWithProviders } from './test-utils';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

interface Device {
  id: number;
  name: string;
  siteId: number | null;
  siteName: string;
  teamIds: number[];
}

const device: Device = { id: 1, name: 'Old name', siteId: 1, siteName: 'London', teamIds: [1] };

const sites = [
  { id: 1, name: 'London' },
  { id: 2, name: 'Leeds' },
];
const teams = [
  { id: 1, name: 'Red' },
  { id: 2, name: 'Blue' },
  { id: 3, name: 'Green' },
  { id: 4, name: 'Gold' },
];

async function renderDevices(columns: DataTableColumn<Device>[], rows: Device[] = [device]): Promise<void> {
  server.use(fakeList('/api/endpoints', rows).handler);
  renderWithProviders(
    <DataTable<Device>
      resource="devices"
      operation={listOperation('/api/endpoints')}
      parseRow={(raw) => raw as Device}
      columns={columns}
      getRowId={(row) => row.id}
      ariaLabel="Devices"
    />,
  );
  await waitFor(() =>
    expect(within(screen.getByRole('table', { name: 'Devices' })).getAllByRole('row')).toHaveLength(rows.length + 1),
  );
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading Devices' })).toBeNull());
}

function nameColumn(
  overrides: Partial<DataTableColumn<Device> & { type: 'stringEdit' }> = {},
): DataTableColumn<Device> {
  return { field: 'name', header: 'Name', type: 'stringEdit', save: vi.fn(() => Promise.resolve()), ...overrides };
}

describe('string edit', () => {
  it('saves a changed value on blur, busy (spinner, read-only, still focusable) until the save settles, then says so', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const save = vi.fn((_row: Device, _value: string) => pending.promise);
    const onSaved = vi.fn();
    await renderDevices([nameColumn({ save, onSaved, maxLength: 100 })]);
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(input.value).toBe('Old name');
    expect(input.maxLength).toBe(100);

    await user.clear(input);
    expect(screen.getByText('Name is required.')).toBeTruthy();
    await user.type(input, '  New name ');
    await user.tab();

    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(device, 'New name');
    expect(input.readOnly).toBe(true);
    expect(input.disabled).toBe(false);
    expect(screen.getByRole('progressbar', { name: 'Saving Name' })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();

    pending.resolve();
    await waitFor(() => expect(input.readOnly).toBe(false));
    expect(onSaved).toHaveBeenCalledWith(device);
    expect(input.value).toBe('New name');
    expect(screen.queryByRole('progressbar', { name: 'Saving Name' })).toBeNull();

    // Blurring again without a change does not save again.
    await user.click(input);
    await user.tab();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('restores the old value and calls onSaveError when the save fails', async () => {
    const user = userEvent.setup();
    const failure = new Error('HTTP 500');
    const pending = deferred();
    const save = vi.fn(() => pending.promise);
    const onSaveError = vi.fn();
    await renderDevices([nameColumn({ save, onSaveError })]);
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;

    await user.clear(input);
    await user.type(input, 'Doomed{Enter}');
    expect(save).toHaveBeenCalledWith(device, 'Doomed');
    expect(input.readOnly).toBe(true);
    // Enter saves where the user is: focus stays in the field.
    expect(document.activeElement).toBe(input);

    pending.reject(failure);
    await waitFor(() => expect(onSaveError).toHaveBeenCalledWith(failure, device));
    await waitFor(() => expect(input.readOnly).toBe(false));
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('Old name');
  });

  it('does not save an unchanged or empty value, says an emptied one is required; Escape puts the saved value back', async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.resolve());
    await renderDevices([nameColumn({ save, editorLabel: (row) => `Name of device ${row.id}` })]);
    const input = screen.getByRole('textbox', { name: 'Name of device 1' }) as HTMLInputElement;

    await user.click(input);
    await user.tab();
    await user.clear(input);
    await user.tab();
    // Not silently put back: the field stays empty and says why it was not saved.
    expect(input.value).toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Name of device 1', description: 'Name is required.' })).toBe(input);
    await user.click(input);
    await user.keyboard('{Escape}');
    expect(input.value).toBe('Old name');
    await user.type(input, ' changed');
    await user.keyboard('{Escape}');
    expect(input.value).toBe('Old name');
    await user.tab();
    expect(save).not.toHaveBeenCalled();
  });

  it('is plain text when the row cannot be edited', async () => {
    await renderDevices([nameColumn({ canEdit: () => false })]);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Old name')).toBeTruthy();
  });
});

function siteColumn(
  overrides: Partial<DataTableColumn<Device> & { type: 'changeSite' }> = {},
): DataTableColumn<Device> {
  return {
    field: 'siteId',
    header: 'Site',
    type: 'changeSite',
    value: (row) => row.siteId,
    text: (row) => row.siteName,
    options: sites,
    save: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

describe('change site', () => {
  it('saves the chosen site, busy until the save settles', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const save = vi.fn((_row: Device, _site: Id) => pending.promise);
    await renderDevices([siteColumn({ save })]);
    const select = screen.getByRole('combobox', { name: 'Site' });
    expect(select.textContent).toBe('London');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Leeds' }));

    expect(save).toHaveBeenCalledWith(device, 2);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Site' }).getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('progressbar', { name: 'Saving Site' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Site' }).textContent).toBe('Leeds');

    pending.resolve();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Site' }).getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByRole('combobox', { name: 'Site' }).textContent).toBe('Leeds');
    expect(screen.queryByRole('progressbar', { name: 'Saving Site' })).toBeNull();
  });

  it('does not save the same site; restores the old site and calls onSaveError on failure', async () => {
    const user = userEvent.setup();
    const failure = new Error('nope');
    const save = vi.fn(() => Promise.reject(failure));
    const onSaveError = vi.fn();
    await renderDevices([siteColumn({ save, onSaveError })]);

    await user.click(screen.getByRole('combobox', { name: 'Site' }));
    await user.click(await screen.findByRole('option', { name: 'London' }));
    expect(save).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: 'Site' }));
    await user.click(await screen.findByRole('option', { name: 'Leeds' }));
    await waitFor(() => expect(onSaveError).toHaveBeenCalledWith(failure, device));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Site' }).textContent).toBe('London'));
  });

  it('is read-only text with one site or without edit rights', async () => {
    await renderDevices([
      siteColumn({ field: 'one', header: 'One site', options: [sites[0]!] }),
      siteColumn({ field: 'locked', header: 'Locked', canEdit: () => false }),
    ]);
    expect(within(screen.getByRole('table')).queryByRole('combobox')).toBeNull();
    expect(screen.getAllByText('London')).toHaveLength(2);
  });
});

function teamColumn(
  overrides: Partial<DataTableColumn<Device> & { type: 'changeTeam' }> = {},
): DataTableColumn<Device> {
  return {
    field: 'teamIds',
    header: 'Teams',
    type: 'changeTeam',
    value: (row) => row.teamIds,
    options: teams,
    save: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

describe('change team', () => {
  it('saves the changed selection once when the menu closes, busy until the save settles', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const save = vi.fn((_row: Device, _teams: Id[]) => pending.promise);
    await renderDevices([teamColumn({ save })]);
    const select = screen.getByRole('combobox', { name: 'Teams' });
    expect(select.textContent).toBe('Red');

    await user.click(select);
    const listbox = await screen.findByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'Blue' }));
    await user.click(within(listbox).getByRole('option', { name: 'Green' }));
    expect(save).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith(device, [1, 2, 3]);
    expect(screen.getByRole('combobox', { name: 'Teams' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('progressbar', { name: 'Saving Teams' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Teams' }).textContent).toBe('Red, Blue, Green');

    pending.resolve();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Teams' }).getAttribute('aria-busy')).toBe('false'),
    );

    await user.click(screen.getByRole('combobox', { name: 'Teams' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Gold' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save).toHaveBeenLastCalledWith(device, [1, 2, 3, 4]);
    expect(screen.getByRole('combobox', { name: 'Teams' }).textContent).toBe('4 teams selected.');
  });

  it('does not save an unchanged selection; restores it and calls onSaveError on failure', async () => {
    const user = userEvent.setup();
    const failure = new Error('nope');
    const save = vi.fn(() => Promise.reject(failure));
    const onSaveError = vi.fn();
    await renderDevices([teamColumn({ save, onSaveError })]);

    await user.click(screen.getByRole('combobox', { name: 'Teams' }));
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(save).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: 'Teams' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Red' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onSaveError).toHaveBeenCalledWith(failure, device));
    expect(save).toHaveBeenCalledWith(device, []);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Teams' }).textContent).toBe('Red'));
  });

  it("is read-only text with fewer than two teams to choose from, using the row's names when needed", async () => {
    await renderDevices([
      teamColumn({ options: [teams[0]!], names: () => ['Red'] }),
      teamColumn({ field: 'other', header: 'Other', options: [], names: () => ['Someone else'] }),
    ]);
    expect(within(screen.getByRole('table')).queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Red')).toBeTruthy();
    expect(screen.getByText('Someone else')).toBeTruthy();
  });
});
