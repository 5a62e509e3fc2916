import { onSessionChange } from '../../api/operations';
import { sessionStore } from '../../api/session-store';
import { userFromToken } from '../../session/token-claims';
import type { TestKey } from './diagnostic-tests';
import { EMPTY_FAULT_FORM, type FaultFormValues } from './fault-report-form';
import type { TestState } from './useTestRuns';

/**
 * A fault report begun and not yet sent (decision 0135): its diagnostics session, the tests' answers, what was
 * entered and the step it was at. Kept so that closing the dialog, or leaving the contract, loses nothing.
 */
export interface FaultReportDraft {
  groupId: string;
  tests: Partial<Record<TestKey, TestState>>;
  values: FaultFormValues;
  step: number;
}

/*
 * In memory, not in sessionStorage: the chosen trace route images are File objects no storage can hold, and the
 * contact details stay out of anything a later user of the browser could read. A reload forgets the drafts.
 */
const drafts = new Map<string, FaultReportDraft>();

/** Forgets every draft: a draft is one user's, so every sign-in and sign-out does this. */
export function forgetFaultDrafts(): void {
  drafts.clear();
}

// Registered when the diagnostics chunk first loads, which is before any draft can exist.
onSessionChange(forgetFaultDrafts);

/** The draft's key: the signed-in user and the line, so one user never resumes another's report. */
export function faultDraftKey(orderItemId: number): string {
  const user = userFromToken(sessionStore.getTokens()?.accessToken)?.userName ?? '';
  return JSON.stringify([user, orderItemId]);
}

export function readFaultDraft(key: string): FaultReportDraft | undefined {
  return drafts.get(key);
}

export function saveFaultDraft(key: string, draft: FaultReportDraft): void {
  drafts.set(key, draft);
}

export function discardFaultDraft(key: string): void {
  drafts.delete(key);
}

/** Whether the user has entered anything in the report: an untouched form is no draft worth a question. */
export function hasEntries(values: FaultFormValues): boolean {
  return (Object.keys(EMPTY_FAULT_FORM) as Array<keyof FaultFormValues>).some((field) => {
    const value = values[field];
    if (field === 'speedTestResults') return values.speedTestResults.some((slot) => slot.resultId.trim() !== '');
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === 'string') return value.trim() !== '';
    return value !== EMPTY_FAULT_FORM[field];
  });
}

/** The answers worth keeping: a test still running when the dialog closed was cancelled, so it is not run. */
export function finishedTests(states: Partial<Record<TestKey, TestState>>): Partial<Record<TestKey, TestState>> {
  return Object.fromEntries(Object.entries(states).filter(([, state]) => state.status === 'done'));
}
