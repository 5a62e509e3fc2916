import { CARRIER_CHANGE_OUTCOMES, NOTIFICATION_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { changeFailure } from './change-failure';

const answer = (status: number, code: string) => new ApiError(status, '/api/x', { code, message: 'why' });
const LEAD = NOTIFICATION_MESSAGES.mobileRequestProblem;

describe('changeFailure', () => {
  it('says nothing was changed when the carrier did not answer while the change was checked', () => {
    for (const [status, code] of [
      [504, 'carrier_timeout'],
      [503, 'carrier_unavailable'],
      [502, 'carrier_bad_answer'],
    ] as const) {
      expect(changeFailure(answer(status, code), LEAD)).toEqual({
        kind: 'failed',
        message: `${LEAD} ${CARRIER_CHANGE_OUTCOMES.notChanged}`,
      });
    }
  });

  it('says a change already stored will complete by itself', () => {
    expect(changeFailure(answer(409, 'change_pending'), LEAD)).toEqual({
      kind: 'waiting',
      message: CARRIER_CHANGE_OUTCOMES.waiting,
    });
  });

  it('says a refusal changed nothing, and that a lost answer may have', () => {
    expect(changeFailure(answer(502, 'carrier_refused'), LEAD).message).toBe(
      `${LEAD} ${CARRIER_CHANGE_OUTCOMES.refused}`,
    );
    expect(changeFailure(answer(400, 'invalid'), LEAD).message).toContain(CARRIER_CHANGE_OUTCOMES.refused);
    expect(changeFailure(new TypeError('Failed to fetch'), LEAD).message).toContain(CARRIER_CHANGE_OUTCOMES.unknown);
    expect(changeFailure(answer(500, 'internal'), LEAD).message).toContain(CARRIER_CHANGE_OUTCOMES.unknown);
  });

  it('ends the spend limit sentence the spec quotes without a full stop before the outcome', () => {
    expect(changeFailure(answer(504, 'carrier_timeout'), NOTIFICATION_MESSAGES.spendLimitRemovalFailed).message).toBe(
      `Request to remove spend limit has not been made successfully. ${CARRIER_CHANGE_OUTCOMES.notChanged}`,
    );
  });
});
