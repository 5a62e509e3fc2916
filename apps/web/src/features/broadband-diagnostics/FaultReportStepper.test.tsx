// @vitest-environment jsdom
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  diagnosticsApi,
  GROUP,
  renderDialog,
  STANDARD_LINE,
  startDiagnosticsApi,
  statusOf,
} from './diagnostics-test-api';
import { CHECKLIST_QUESTIONS } from './fault-report-form';

const server = startDiagnosticsApi();

const user = userEvent.setup();
const png = (name = 'trace.png') =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

/** Opens the dialog on a line, runs Live Status and goes to the Report Fault tab. */
async function openReportFault() {
  renderDialog(STANDARD_LINE);
  await user.click(await screen.findByRole('button', { name: 'Run Live Status' }));
  await waitFor(() => expect(statusOf('Live Status').textContent).toContain('Connected'));
  await user.click(screen.getByRole('tab', { name: 'Report Fault' }));
  return screen.getByRole('form', { name: 'Report a fault' });
}

/** Puts a whole text into a field at once: the stepper's flow is the subject here, not typing key by key. */
async function enter(field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const next = () => user.click(screen.getByRole('button', { name: 'Next' }));
const stepHeading = () => screen.getByRole('heading', { level: 3, name: /^Step / }).textContent;

async function choose(label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillFaultDetails(type: string, started = '2026-11-02') {
  await choose(/Fault type/, type);
  await enter(screen.getByRole('textbox', { name: 'Fault description' }), 'Speeds drop every evening');
  fireEvent.change(screen.getByLabelText('Date the fault started'), { target: { value: started } });
}

async function fillContact() {
  await enter(screen.getByRole('textbox', { name: 'Contact name' }), 'Ann Lee');
  await enter(screen.getByRole('textbox', { name: 'Contact number' }), '01632 960123');
  await choose(/How often/, 'Daily');
  await enter(screen.getByRole('textbox', { name: 'Router type' }), 'Netgear DM200');
}

async function answerChecklist() {
  for (const [index, { question }] of CHECKLIST_QUESTIONS.entries()) {
    const group = screen.getByRole('radiogroup', { name: question });
    await user.click(within(group).getByRole('radio', { name: index === 1 ? 'No' : 'Yes' }));
  }
}

async function giveConsents() {
  for (const box of screen.getAllByRole('checkbox')) await user.click(box);
}

// Each test walks the form field by field as a user would: slower than the default 5 seconds allow.
/** Fills and submits a report of a type without the slow-speeds steps. */
async function reportFaultOfType(type: string) {
  await fillFaultDetails(type);
  await next();
  await fillContact();
  await next();
  await answerChecklist();
  await next();
  await giveConsents();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('the fault report stepper', { timeout: 30_000 }, () => {
  it('reports a slow-speeds fault through all six steps, blocking each step until it is complete, then resets', async () => {
    const api = diagnosticsApi(server);
    await openReportFault();

    expect(stepHeading()).toBe('Step 1: Fault details');
    await next();
    expect(stepHeading()).toBe('Step 1: Fault details');
    expect(screen.getByText('Please choose the type of fault')).toBeTruthy();
    expect(screen.getByText('Please describe the fault')).toBeTruthy();
    expect(screen.getByText('Please enter the date the fault started')).toBeTruthy();
    await fillFaultDetails('Slow speeds', '2999-01-01');
    await next();
    expect(screen.getByText('The date the fault started cannot be in the future')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Date the fault started'), { target: { value: '2026-11-02' } });
    await next();

    // Step 2: three slots; Next waits for all three ids, picked from the line's speed tests or typed.
    expect(stepHeading()).toBe('Step 2: Speed tests');
    expect(screen.getAllByRole('textbox', { name: /^Speed test result \d$/ })).toHaveLength(3);
    await user.click(await screen.findByRole('button', { name: 'Use result ST-1001' }));
    await user.click(screen.getByRole('button', { name: 'Use result ST-1003' }));
    await next();
    expect(stepHeading()).toBe('Step 2: Speed tests');
    expect(screen.getByText('Please enter or choose a speed test result id')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Use result ST-1001' }) as HTMLButtonElement).disabled).toBe(true);
    await enter(screen.getByRole('textbox', { name: 'Speed test result 3' }), 'ST-TYPED-9');
    await next();

    expect(stepHeading()).toBe('Step 3: Contact');
    await next();
    expect(screen.getByText('Please enter a contact name')).toBeTruthy();
    await fillContact();
    await next();

    // Step 4: every question answered.
    expect(stepHeading()).toBe('Step 4: Checklist');
    await next();
    expect(screen.getAllByText('Please answer yes or no')).toHaveLength(4);
    // Each error goes as its question is answered.
    await answerChecklist();
    expect(screen.queryAllByText('Please answer yes or no')).toHaveLength(0);
    await next();

    // Step 5: the trace route help opens in a new tab; Next waits for an image.
    expect(stepHeading()).toBe('Step 5: Trace route');
    const help = screen.getByRole('link', { name: 'How do I take a trace route?' });
    expect(help.getAttribute('href')).toBe(`/broadband/diagnostics/traceRoute?cli=${STANDARD_LINE.cli}&newTab=1`);
    expect(help.getAttribute('target')).toBe('_blank');
    await next();
    expect(screen.getByText('Please upload at least one trace route image')).toBeTruthy();
    await user.upload(screen.getByLabelText('Trace route images', { selector: 'input' }), png());
    expect(screen.getByText('trace.png')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Please upload at least one trace route image')).toBeNull());
    await next();

    // Step 6: both consents, then SUBMIT.
    expect(stepHeading()).toBe('Step 6: Consents');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please consent to intrusive testing')).toBeTruthy();
    expect(screen.getByText('Please accept the engineering charges')).toBeTruthy();
    expect(api.reports()).toHaveLength(0);
    await giveConsents();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(NOTIFICATION_MESSAGES.submitSuccessful)).toBeTruthy();
    expect(screen.getByText('Fault FR-000042 has been reported.')).toBeTruthy();
    expect(api.calls).toContain(`POST /api/broadbandKeystone/42/reportFault?groupId=${GROUP}`);
    const sent = api.reports()[0]!;
    expect([...sent.keys()]).toEqual(['report', 'traceRouteImages']);
    expect(JSON.parse(sent.get('report') as string)).toEqual({
      faultType: 'SlowSpeeds',
      faultDescription: 'Speeds drop every evening',
      faultStartedDate: '2026-11-02',
      speedTestResults: [{ resultId: 'ST-1001' }, { resultId: 'ST-1003' }, { resultId: 'ST-TYPED-9' }],
      contactName: 'Ann Lee',
      contactNumber: '01632 960123',
      frequency: 'Daily',
      routerType: 'Netgear DM200',
      routerRebooted: true,
      microfiltersSwapTest: false,
      masterSocketTest: true,
      nonAdslEquipmentRemoved: true,
      intrusionConsent: true,
      acceptEngineeringCharges: true,
    });
    expect((sent.get('traceRouteImages') as File).name).toBe('trace.png');

    // Reset: back at step 1 with nothing filled in.
    expect(stepHeading()).toBe('Step 1: Fault details');
    expect((screen.getByRole('textbox', { name: 'Fault description' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('skips the speed-test and trace-route steps for other faults and sends no images', async () => {
    const api = diagnosticsApi(server);
    await openReportFault();
    await fillFaultDetails('No connection');
    await next();
    expect(stepHeading()).toBe('Step 3: Contact');
    expect(screen.getAllByText('Skipped')).toHaveLength(2);
    await fillContact();
    await next();
    await answerChecklist();
    await next();
    expect(stepHeading()).toBe('Step 6: Consents');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading()).toBe('Step 4: Checklist');
    await next();
    await giveConsents();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Fault FR-000042 has been reported.');
    const sent = api.reports()[0]!;
    expect([...sent.keys()]).toEqual(['report']);
    expect(JSON.parse(sent.get('report') as string).speedTestResults).toEqual([]);
  });

  it("shows the server's message when the report is refused and keeps everything typed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'The diagnostics session has expired: run a test again.';
    const api = diagnosticsApi(server, {
      reportStatus: 409,
      reportBody: { statusCode: 409, error: 'Conflict', message },
    });
    await openReportFault();
    await reportFaultOfType('Noise on the line');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.reports()).toHaveLength(1);
    expect(stepHeading()).toBe('Step 6: Consents');
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    for (let step = 0; step < 3; step += 1) await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading()).toBe('Step 1: Fault details');
    expect((screen.getByRole('textbox', { name: 'Fault description' }) as HTMLTextAreaElement).value).toBe(
      'Speeds drop every evening',
    );
  });

  it('says an unexpected error has occurred when the server gives no reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    diagnosticsApi(server, { reportStatus: 500, reportBody: {} });
    await openReportFault();
    await reportFaultOfType('No connection');
    expect(await screen.findByText(NOTIFICATION_MESSAGES.unexpectedError)).toBeTruthy();
  });
});
