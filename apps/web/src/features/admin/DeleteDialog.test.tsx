// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { testTheme } from '../../components/data-table/test-utils';
import { NotificationProvider } from '../../components/notifications/NotificationProvider';
import { DeleteDialog } from './DeleteDialog';

const REASON = 'This site still has 3 devices and contracts. Move them to another site first.';

function renderDialog(remove: () => Promise<unknown>) {
  const onClose = vi.fn();
  render(
    <ThemeProvider theme={testTheme}>
      <NotificationProvider>
        <DeleteDialog name="Leeds Depot" remove={remove} onClose={onClose} />
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
});
