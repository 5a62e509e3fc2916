// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { columns, makeOrders, renderTable, server, Table } from './orders-table-fixture';
import { fakeList, renderWithProviders } from './test-utils';

describe('text filter', () => {
  it('opens "Filter for {column}", applies contains on the column and resets paging', async () => {
    const user = userEvent.setup();
    const list = fakeList(
      '/api/orders',
      makeOrders(12, (n) => (n % 2 === 0 ? `EVEN-${n}` : `ODD-${n}`)),
    );
    server.use(list.handler);
    renderTable();
    await screen.findByText('EVEN-12');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('ODD-7');

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter for Reference' });
    expect(within(dialog).getByRole('button', { name: /clear/i })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /cancel/i })).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'even');
    await user.click(within(dialog).getByRole('button', { name: /apply/i }));

    await waitFor(() => expect(list.last().get('$filter')).toBe("contains(reference,'even')"));
    expect(list.last().get('$skip')).toBe('0');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('1–5 of 6')).toBeTruthy();
    expect(screen.getByText('Reference: even')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filter Reference' }).getAttribute('data-active')).toBe('true');
  });

  it('leaves the filter unchanged on CANCEL and removes it on CLEAR', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable();
    await screen.findByText('REF-012');

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'REF-01');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(list.last().get('$filter')).toBe("contains(reference,'REF-01')"));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const requestsBefore = list.requests.length;

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    const field = screen.getByRole('textbox', { name: 'Reference' }) as HTMLInputElement;
    expect(field.value).toBe('REF-01');
    await user.clear(field);
    await user.type(field, 'something else');
    await user.click(screen.getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(list.requests).toHaveLength(requestsBefore);
    expect(screen.getByText('Reference: REF-01')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.click(screen.getByRole('button', { name: /clear/i }));
    await waitFor(() => expect(list.last().has('$filter')).toBe(false));
    expect(screen.queryByText('Reference: REF-01')).toBeNull();
  });

  it('keeps a filter applied by APPLY or Enter from submitting a form the table sits in (issue 21)', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    const outerSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithProviders(
      <form onSubmit={outerSubmit}>
        <Table />
      </form>,
    );
    await screen.findByText('REF-012');

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'REF-01');
    await user.click(screen.getByRole('button', { name: /apply/i }));
    await waitFor(() => expect(list.last().get('$filter')).toBe("contains(reference,'REF-01')"));

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.clear(screen.getByRole('textbox', { name: 'Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'REF-00{Enter}');
    await waitFor(() => expect(list.last().get('$filter')).toBe("contains(reference,'REF-00')"));
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it('does not filter on an empty value', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable();
    await screen.findByText('REF-012');
    const requestsBefore = list.requests.length;

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), '   ');
    await user.click(screen.getByRole('button', { name: /apply/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(list.requests).toHaveLength(requestsBefore);
    expect(list.last().has('$filter')).toBe(false);
    expect(screen.queryByText(/^Reference:/)).toBeNull();
  });

  it('quotes the text as an OData literal and ANDs it with the base filter; the chip removes it', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(3));
    server.use(list.handler);
    renderTable({ baseFilter: 'endPointTypeId eq 1' });
    await screen.findByText('REF-001');

    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), "o'brien");
    await user.click(screen.getByRole('button', { name: /apply/i }));
    await waitFor(() =>
      expect(list.last().get('$filter')).toBe("(endPointTypeId eq 1) and (contains(reference,'o''brien'))"),
    );

    const chip = screen.getByText("Reference: o'brien").closest('.MuiChip-root') as HTMLElement;
    await user.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(list.last().get('$filter')).toBe('endPointTypeId eq 1'));
  });

  it('gives the dialog the spec width', async () => {
    const user = userEvent.setup();
    server.use(fakeList('/api/orders', makeOrders(1)).handler);
    renderTable();
    await screen.findByText('REF-001');
    await user.click(screen.getByRole('button', { name: 'Filter Reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter for Reference' });
    expect(getComputedStyle(dialog).width).toBe('315px');
  });
});

describe('date filter', () => {
  async function applyDates(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
    await user.click(screen.getByRole('button', { name: 'Filter Date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter for Date' });
    const fromField = within(dialog).getByLabelText('From');
    const toField = within(dialog).getByLabelText('To');
    await user.clear(fromField);
    if (from) await user.type(fromField, from);
    await user.clear(toField);
    if (to) await user.type(toField, to);
    await user.click(within(dialog).getByRole('button', { name: /apply/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }

  it('filters a date-time field by whole UK days (ge the from day, lt the day after the to day)', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable();
    await screen.findByText('REF-012');

    await applyDates(user, '2026-06-01', '2026-06-30');
    await waitFor(() =>
      expect(list.last().get('$filter')).toBe(
        'createdDate ge 2026-05-31T23:00:00Z and createdDate lt 2026-06-30T23:00:00Z',
      ),
    );
    expect(list.last().get('$skip')).toBe('0');
    expect(screen.getByText('Date: 01/06/2026 – 30/06/2026')).toBeTruthy();

    await applyDates(user, '2026-01-10', '');
    await waitFor(() => expect(list.last().get('$filter')).toBe('createdDate ge 2026-01-10T00:00:00Z'));
    expect(screen.getByText('Date: from 10/01/2026')).toBeTruthy();
  });

  it('compares date fields with date literals, to only, and clears', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(12));
    server.use(list.handler);
    renderTable({
      columns: [{ field: 'createdDate', header: 'Date', type: 'date', filter: 'date', dateKind: 'date' }, columns[1]!],
    });
    await screen.findByText('REF-012');

    await applyDates(user, '2026-11-01', '2026-11-21');
    await waitFor(() =>
      expect(list.last().get('$filter')).toBe('createdDate ge 2026-11-01 and createdDate le 2026-11-21'),
    );
    await applyDates(user, '', '2026-11-21');
    await waitFor(() => expect(list.last().get('$filter')).toBe('createdDate le 2026-11-21'));

    await user.click(screen.getByRole('button', { name: 'Filter Date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter for Date' });
    expect(within(dialog).queryByRole('button', { name: /cancel/i })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /clear/i }));
    await waitFor(() => expect(list.last().has('$filter')).toBe(false));
  });

  it('does not filter without a date and refuses a reversed range', async () => {
    const user = userEvent.setup();
    const list = fakeList('/api/orders', makeOrders(3));
    server.use(list.handler);
    renderTable();
    await screen.findByText('REF-001');
    const requestsBefore = list.requests.length;

    await applyDates(user, '', '');
    expect(list.requests).toHaveLength(requestsBefore);

    await user.click(screen.getByRole('button', { name: 'Filter Date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter for Date' });
    await user.type(within(dialog).getByLabelText('From'), '2026-12-01');
    await user.type(within(dialog).getByLabelText('To'), '2026-11-01');
    expect((within(dialog).getByRole('button', { name: /apply/i }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('The to date must not be before the from date.')).toBeTruthy();
  });
});
