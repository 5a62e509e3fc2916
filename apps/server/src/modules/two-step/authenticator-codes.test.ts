import { AUTHENTICATOR_SETTINGS, RECOVERY_CODE_COUNT, recoveryCodeOf } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { checkAuthenticatorCode, newAuthenticatorSecret, newRecoveryCodes, stepAt } from './authenticator-codes.js';

const secret = newAuthenticatorSecret();
const codeAt = (timestamp: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
const NOW = new Date('2026-11-27T12:00:10Z');
const PERIOD_MS = AUTHENTICATOR_SETTINGS.periodSeconds * 1000;

describe('checkAuthenticatorCode', () => {
  it("accepts the current step's code and those of one step either side, naming the step", () => {
    const step = stepAt(NOW);
    for (const delta of [-1, 0, 1]) {
      const code = codeAt(NOW.getTime() + delta * PERIOD_MS);
      expect(checkAuthenticatorCode(secret, code, null, NOW)).toEqual({ accepted: true, step: step + delta });
    }
  });

  it('refuses codes two steps away', () => {
    for (const delta of [-2, 2]) {
      const code = codeAt(NOW.getTime() + delta * PERIOD_MS);
      expect(checkAuthenticatorCode(secret, code, null, NOW)).toEqual({ accepted: false, reused: false });
    }
  });

  it('refuses, as reused, a code of the last step used or of an earlier one', () => {
    const step = stepAt(NOW);
    expect(checkAuthenticatorCode(secret, codeAt(NOW.getTime()), step, NOW)).toEqual({ accepted: false, reused: true });
    expect(checkAuthenticatorCode(secret, codeAt(NOW.getTime() - PERIOD_MS), step, NOW)).toEqual({
      accepted: false,
      reused: true,
    });
    expect(checkAuthenticatorCode(secret, codeAt(NOW.getTime() + PERIOD_MS), step, NOW)).toEqual({
      accepted: true,
      step: step + 1,
    });
  });
});

describe('new secrets and codes', () => {
  it('makes 160-bit keys', () => {
    expect(Secret.fromBase32(newAuthenticatorSecret()).bytes).toHaveLength(20);
    expect(newAuthenticatorSecret()).not.toBe(newAuthenticatorSecret());
  });

  it('makes ten distinct recovery codes of the contract’s alphabet', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(recoveryCodeOf(code)).toBe(code);
  });
});
