// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { testTheme } from '../data-table/test-utils';
import { NotificationProvider } from '../notifications/NotificationProvider';
import { type DeleteCheck, DeleteDialog } from './DeleteDialog';

const REASON = 'This site still has 3 devices and contracts. Move them to another site first.';

function renderDialog(remove: () => Promise<unknown>, check?: DeleteCheck) {
  const onClose = vi.fn();
  render(
    <ThemeProvider theme={testTheme}>
      <NotificationProvider>
        <DeleteDialog name="Leeds Depot" remove={remove} onClose={onClose} {...(check ? { check } : {})} />
      </NotificationProvider>
    </ThemeProvider>,
  );
  return { onClose, yes: () => screen.getByRole('button', { name: 'Yes, I Understand' }) };
}

describe('DeleteDialog', () => {
  it('asks about the row, deletes it, says so and closes', async () => {
    const remove = vi.fn().mockResolvedValue(undefined);
    const { onClose, yes } = renderDialog(remove);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete Leeds Depot?' });
    expect(dialog.textContent).toContain('This action cannot be undone.');
    await userEvent.click(yes());
    expect(remove).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.deleteSuccessful)).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal’s reason in the dialog and offers only No, Thanks', async () => {
    const refused = new ApiError(409, '/api/sites/4', { statusCode: 409, error: 'Conflict', message: REASON });
    const { onClose, yes } = renderDialog(() => Promise.reject(refused));
    await userEvent.click(yes());
    expect((await screen.findByRole('alert')).textContent).toBe(REASON);
    expect(screen.queryByRole('button', { name: 'Yes, I Understand' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'No, Thanks' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the generic failure and lets the user try again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const remove = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(500, '/api/sites/4', undefined))
      .mockResolvedValueOnce(undefined);
    const { onClose, yes } = renderDialog(remove);
    await userEvent.click(yes());
    expect((await screen.findByRole('alert')).textContent).toBe(NOTIFICATION_MESSAGES.unexpectedError);
    await userEvent.click(yes());
    expect(await screen.findByText(NOTIFICATION_MESSAGES.deleteSuccessful)).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });

  it('does not ask while it checks what is in the way', async () => {
    renderDialog(vi.fn(), { status: 'checking' });
    expect(screen.getByRole('status').textContent).toContain('Checking whether Leeds Depot can be deleted');
    expect(screen.queryByRole('button', { name: 'Yes, I Understand' })).toBeNull();
    expect(screen.queryByText('This action cannot be undone.')).toBeNull();
  });

  it('offers Retry when the check failed, and no Yes', async () => {
    const retry = vi.fn();
    renderDialog(vi.fn(), { status: 'failed', retry });
    expect(screen.queryByRole('button', { name: 'Yes, I Understand' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('says what blocks the delete instead of asking, with only Close', async () => {
    const { onClose } = renderDialog(vi.fn(), { status: 'blocked', body: <p>{REASON}</p> });
    screen.getByRole('dialog', { name: "Leeds Depot can't be deleted yet" });
    expect(screen.getByText(REASON)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, I Understand' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
