// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setupMockApi } from '../../api/test-helpers';
import { renderWithPermissions } from '../bills/test-utils';
import { NO_IP_TEXT, TraceRouteHelpPage } from './TraceRouteHelpPage';

const API = 'http://localhost/api';
const server = setupMockApi();

const CLI = '01632960123';

function contractWith(ipAddress: string | undefined) {
  server.use(
    http.get(`${API}/contracts/cli/:cli`, () =>
      HttpResponse.json({
        orderItemId: 5,
        carrierId: 494,
        contractShortStatus: 'Active',
        orderNumber: 'BB-1',
        orderCreatedDate: '2025-02-03T09:15:00.000Z',
        customerStartDate: '2025-02-17',
        product: 'Business Fibre',
        ...(ipAddress ? { ipAddress } : {}),
      }),
    ),
  );
}

function renderPage(search = `?cli=${CLI}`) {
  return renderWithPermissions(
    <Routes>
      <Route path="/broadband/diagnostics/traceRoute" element={<TraceRouteHelpPage />} />
      <Route path="/broadband/contract/:cli" element={<p>Contract page</p>} />
    </Routes>,
    [],
    `/broadband/diagnostics/traceRoute${search}`,
  );
}

/** Presses a step's button once the previous step's copy of it has gone (the steps fold away animated). */
async function press(name: string) {
  await waitFor(() => expect(screen.getAllByRole('button', { name })).toHaveLength(1));
  await userEvent.click(screen.getByRole('button', { name }));
}

/** The step label naming the address, which sits in a span of its own so it never breaks. */
const traceStep =
  (ip: string) =>
  (_text: string, element: Element | null): boolean =>
    element?.classList.contains('MuiStepLabel-label') === true && element.textContent === `Run a trace to ${ip}`;

const stepLabels = () =>
  within(screen.getByRole('list', { hidden: true }).parentElement ?? document.body)
    .getAllByText(/./, { selector: '.MuiStepLabel-label' })
    .map((label) => label.textContent);

describe('trace route help (spec 2.16)', () => {
  it("walks four steps with the contract's IP address, and CLOSE goes back to the contract", async () => {
    contractWith('203.0.113.17');
    renderPage();
    expect(await screen.findByText(traceStep('203.0.113.17'))).toBeDefined();
    expect(stepLabels()).toEqual([
      'Open a command prompt',
      'Run a trace to 203.0.113.17',
      'Take a screenshot',
      'Attach it to the fault',
    ]);
    await press('Next');
    expect(screen.getByText((_text, element) => element?.textContent === 'tracert 203.0.113.17')).toBeDefined();
    await press('Back');
    expect(screen.getByText('cmd')).toBeDefined();
    await press('Next');
    await press('Next');
    await press('Next');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await press('Close');
    expect(await screen.findByText('Contract page')).toBeDefined();
  });

  it('closes the tab the fault report opened', async () => {
    contractWith('203.0.113.17');
    const close = vi.spyOn(window, 'close').mockImplementation(() => {
      Object.defineProperty(window, 'closed', { configurable: true, value: true });
    });
    renderPage(`?cli=${CLI}&newTab=1`);
    await screen.findByText(traceStep('203.0.113.17'));
    for (let step = 0; step < 3; step += 1) await press('Next');
    await press('Close');
    expect(close).toHaveBeenCalledOnce();
    expect(screen.queryByText('Contract page')).toBeNull();
    Object.defineProperty(window, 'closed', { configurable: true, value: false });
    close.mockRestore();
  });

  it('goes back to the contract when the browser will not close the tab', async () => {
    contractWith('203.0.113.17');
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderPage(`?cli=${CLI}&newTab=1`);
    await screen.findByText(traceStep('203.0.113.17'));
    for (let step = 0; step < 3; step += 1) await press('Next');
    await press('Close');
    expect(close).toHaveBeenCalledOnce();
    expect(await screen.findByText('Contract page')).toBeDefined();
    close.mockRestore();
  });

  it('names the IP address in words when the contract has none', async () => {
    contractWith(undefined);
    renderPage();
    expect(await screen.findByText(`Run a trace to ${NO_IP_TEXT}`)).toBeDefined();
  });

  it('needs no contract when the link names no line', () => {
    renderPage('');
    expect(screen.getByText(`Run a trace to ${NO_IP_TEXT}`)).toBeDefined();
  });
});
