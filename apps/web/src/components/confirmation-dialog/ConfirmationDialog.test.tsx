// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testTheme } from '../data-table/test-utils';
import { ConfirmationDialog } from './ConfirmationDialog';

function renderDialog(props: Partial<Parameters<typeof ConfirmationDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ThemeProvider theme={testTheme}>
      <ConfirmationDialog open message="This resets things." onConfirm={onConfirm} onCancel={onCancel} {...props} />
    </ThemeProvider>,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmationDialog', () => {
  it('asks under the title Confirmation and says which button was pressed', async () => {
    const { onConfirm, onCancel } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(dialog.textContent).toContain('Are you sure?');
    expect(dialog.textContent).toContain('This resets things.');
    await userEvent.click(screen.getByRole('button', { name: 'No, Thanks' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, I Understand' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while closed and disables its buttons while busy', () => {
    const { unmount } = render(
      <ThemeProvider theme={testTheme}>
        <ConfirmationDialog open={false} message="x" onConfirm={() => {}} onCancel={() => {}} />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    renderDialog({ busy: true });
    expect(screen.getByRole('button', { name: 'Yes, I Understand' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'No, Thanks' })).toHaveProperty('disabled', true);
  });
});
