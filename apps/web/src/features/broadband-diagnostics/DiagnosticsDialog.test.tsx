// @vitest-environment jsdom
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { FIBRE_NOTE } from './DiagnosticsDialog';
import {
  ALTERNATIVE_LINE,
  CONNECTED_FROM,
  DIAGNOSTICS,
  diagnosticsApi,
  FIBRE_LINE,
  GROUP,
  ok,
  PASS,
  renderDialog,
  runAll,
  STANDARD_LINE,
  startDiagnosticsApi,
  statusOf,
  testCard,
  testNames,
} from './diagnostics-test-api';

const server = startDiagnosticsApi();

describe('the diagnostics dialog', () => {
  it('lists every test of a fibre line with a WLR3 service, with the fibre note', async () => {
    diagnosticsApi(server, { wlr3: true });
    renderDialog(FIBRE_LINE);
    await runAll();
    expect(testNames()).toEqual([
      'Live Status',
      'Sync Status',
      'Exchange Status',
      'Broadband Status',
      'Line Status',
      'Fibre Status',
    ]);
    expect(screen.getByText(FIBRE_NOTE)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^run non-intrusive tests$/i })).toBeTruthy();
    expect(statusOf('Sync Status').textContent).toContain('Not run');
  });

  it('leaves out Line Status when the services call fails, and the fibre test on a standard line', async () => {
    diagnosticsApi(server, { wlr3: 'fails' });
    renderDialog(STANDARD_LINE);
    await runAll();
    expect(testNames()).toEqual(['Live Status', 'Sync Status', 'Exchange Status', 'Broadband Status']);
    expect(screen.queryByText(FIBRE_NOTE)).toBeNull();
    expect(screen.queryByRole('button', { name: /non-intrusive/i })).toBeNull();
  });

  it('keeps only Live Status and the fibre test on an alternative-carrier line, on its own service', async () => {
    const api = diagnosticsApi(server, { wlr3: true });
    renderDialog(ALTERNATIVE_LINE);
    await userEvent.click(await runAll());
    expect(testNames()).toEqual(['Live Status', 'Fibre Status']);
    await waitFor(() => expect(statusOf('Fibre Status').textContent).toContain('Passed'));
    expect(api.calls.every((call) => call.startsWith('/api/broadbandSkylark/43/'))).toBe(true);
  });

  it('runs all tests with every status shown, never sync and fibre at once', async () => {
    const api = diagnosticsApi(server, { wlr3: true, copperMs: 300 });
    renderDialog(FIBRE_LINE);
    await userEvent.click(await runAll());
    expect(statusOf('Sync Status').textContent).toContain('Running');
    expect(statusOf('Fibre Status').textContent).toContain('Running');
    await waitFor(() => expect(statusOf('Fibre Status').textContent).toContain('Passed'), { timeout: 2000 });
    expect(statusOf('Live Status').textContent).toContain(`Connected (${formatDateTime(CONNECTED_FROM)})`);
    expect(statusOf('Sync Status').textContent).toContain('In sync');
    expect(statusOf('Exchange Status').textContent).toContain('Hove');
    expect(statusOf('Broadband Status').textContent).toContain('Passed');
    expect(statusOf('Line Status').textContent).toContain('Passed');
    expect(api.copperOverlapped()).toBe(false);
    // Rates in Mb/s to two decimals, from kbit/s; decibels; metres; the operator's reference.
    const sync = within(testCard('Sync Status'));
    expect(sync.getByText('67.32 Mb/s')).toBeTruthy();
    expect(sync.getByText('6.1 dB')).toBeTruthy();
    expect(within(testCard('Exchange Status')).getByText('1,450 m')).toBeTruthy();
    expect(within(testCard('Fibre Status')).getByText('ANO-778812')).toBeTruthy();
    expect(api.calls).toContain(`/api/broadbandKeystone/41/syncStatus?groupId=${GROUP}`);
    expect(api.calls).toContain(`/api/broadbandKeystone/41/fibreStatus?groupId=${GROUP}&runIntrusiveTest=true`);
  });

  it('queues a fibre test started while sync runs', async () => {
    const api = diagnosticsApi(server, { copperMs: 60 });
    renderDialog(FIBRE_LINE);
    await runAll();
    await userEvent.click(screen.getByRole('button', { name: 'Run Sync Status' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run Fibre Status' }));
    await waitFor(() => expect(statusOf('Fibre Status').textContent).toContain('Passed'));
    expect(statusOf('Sync Status').textContent).toContain('In sync');
    expect(api.copperOverlapped()).toBe(false);
  });

  it('runs the fibre test without its copper element for RUN NON-INTRUSIVE TESTS', async () => {
    const api = diagnosticsApi(server);
    renderDialog(FIBRE_LINE);
    await userEvent.click(await screen.findByRole('button', { name: /^run non-intrusive tests$/i }));
    await waitFor(() => expect(statusOf('Fibre Status').textContent).toContain('Passed'));
    expect(api.calls).toContain(`/api/broadbandKeystone/41/fibreStatus?groupId=${GROUP}&runIntrusiveTest=false`);
    expect(statusOf('Live Status').textContent).not.toContain('Not run');
  });

  it.each([
    [{ active: true, connected: false }, 'Disconnected'],
    [{ active: false, connected: false }, 'Suspended'],
  ])('labels a live status of %o %s', async (live, label) => {
    diagnosticsApi(server, { live });
    renderDialog(STANDARD_LINE);
    await runAll();
    await userEvent.click(screen.getByRole('button', { name: 'Run Live Status' }));
    await waitFor(() => expect(statusOf('Live Status').textContent).toContain(label));
  });

  it("shows Failed with the carrier's first message, or the unexpected-error message when the API fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    diagnosticsApi(server, {
      answers: {
        syncStatus: () =>
          HttpResponse.json({
            success: false,
            model: null,
            errors: [{ errorMessage: NOTIFICATION_MESSAGES.diagnosticsDuplicateTest }, { errorMessage: 'Other' }],
          }),
        exchangeStatus: () => HttpResponse.json({ code: 'carrier_unavailable' }, { status: 502 }),
        broadbandStatus: () =>
          ok({ ...PASS, testOutcome: 'Fail', faultDescription: 'Line fault', faultLocation: 'Network' }),
      },
    });
    renderDialog(STANDARD_LINE);
    await userEvent.click(await runAll());
    await waitFor(() => expect(statusOf('Exchange Status').textContent).toContain('Failed'));
    const sync = within(testCard('Sync Status'));
    await waitFor(() => expect(sync.getByRole('status').textContent).toContain('Failed'));
    expect(sync.getByText(NOTIFICATION_MESSAGES.diagnosticsDuplicateTest)).toBeTruthy();
    expect(sync.queryByText('Other')).toBeNull();
    expect(
      within(testCard('Exchange Status')).getByText(NOTIFICATION_MESSAGES.diagnosticsUnexpectedError),
    ).toBeTruthy();
    await waitFor(() => expect(statusOf('Broadband Status').textContent).toContain('Fault found'));
    expect(within(testCard('Broadband Status')).getByText('Line fault')).toBeTruthy();
    expect(within(testCard('Broadband Status')).getByText('Network')).toBeTruthy();
  });

  it('turns off RUN and RUN ALL while tests run and says which are running', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    diagnosticsApi(server, {
      answers: {
        exchangeStatus: async () => {
          await held;
          return ok({ frame: 'F', card: 'C', port: 'P', lineLength: 10, exchangeName: 'Hove' });
        },
      },
    });
    renderDialog(STANDARD_LINE);
    const all = await runAll();
    const run = screen.getByRole('button', { name: 'Run Exchange Status' });
    await userEvent.click(run);
    expect(run.hasAttribute('disabled')).toBe(true);
    expect(all.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Running Exchange Status…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run Live Status' }).hasAttribute('disabled')).toBe(false);
    release();
    await waitFor(() => expect(statusOf('Exchange Status').textContent).toContain('Hove'));
    expect(run.hasAttribute('disabled')).toBe(false);
    expect(all.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/^Running /)).toBeNull();
  });

  // Typing into the report as a user would: slower than the default 5 seconds allow.
  it('asks before closing with a report begun, resumes a kept draft with its results, and forgets a discarded one', {
    timeout: 20_000,
  }, async () => {
    const api = diagnosticsApi(server);
    const first = renderDialog(STANDARD_LINE);
    await userEvent.click(await screen.findByRole('button', { name: 'Run Live Status' }));
    await waitFor(() => expect(statusOf('Live Status').textContent).toContain('Connected'));
    await userEvent.click(screen.getByRole('tab', { name: 'Report Fault' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Fault description' }), 'No sync since Monday');
    await userEvent.click(screen.getByRole('button', { name: 'Close diagnostics' }));
    const question = await screen.findByRole('dialog', { name: 'Close the fault report?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep draft' }));
    expect(first.onClose).toHaveBeenCalledOnce();
    first.unmount();

    const groupsAsked = api.calls.filter((call) => call.endsWith('/diagnosticsGroup')).length;
    const second = renderDialog(STANDARD_LINE);
    const description = await screen.findByRole('textbox', { name: 'Fault description' });
    expect((description as HTMLTextAreaElement).value).toBe('No sync since Monday');
    expect(screen.getByRole('tab', { name: 'Report Fault' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'Results' }));
    expect(statusOf('Live Status').textContent).toContain('Connected');
    // The same session: no new group is opened for a resumed report.
    expect(api.calls.filter((call) => call.endsWith('/diagnosticsGroup')).length).toBe(groupsAsked);
    await userEvent.click(screen.getByRole('button', { name: 'Close diagnostics' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Close the fault report?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(second.onClose).toHaveBeenCalledOnce();
    second.unmount();

    const third = renderDialog(STANDARD_LINE);
    await runAll();
    expect(statusOf('Live Status').textContent).toContain('Not run');
    expect(screen.queryByRole('tab', { name: 'Report Fault' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close diagnostics' }));
    expect(third.onClose).toHaveBeenCalledOnce();
  });

  it('offers Report Fault only with BroadbandReportFault Write, once a test has run', async () => {
    diagnosticsApi(server);
    const { unmount } = renderDialog(STANDARD_LINE);
    await runAll();
    expect(screen.queryByRole('tab', { name: 'Report Fault' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Run Live Status' }));
    expect(await screen.findByRole('tab', { name: 'Report Fault' })).toBeTruthy();
    unmount();

    renderDialog(STANDARD_LINE, DIAGNOSTICS);
    await userEvent.click(await runAll());
    await waitFor(() => expect(statusOf('Live Status').textContent).toContain('Connected'));
    expect(screen.queryByRole('tab', { name: 'Report Fault' })).toBeNull();
  });

  it('closes with its Close button, not with Escape while a test runs', async () => {
    diagnosticsApi(server, { copperMs: 200 });
    const { onClose } = renderDialog(STANDARD_LINE);
    await userEvent.click(await screen.findByRole('button', { name: 'Run Sync Status' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close diagnostics' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
