import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_MESSAGES,
  passwordMinLengthMessage,
  profileAssignmentRequiredMessage,
  VALIDATION_MESSAGES,
} from './messages';

describe('messages', () => {
  it("keeps the spec's copy verbatim, its typo 'occured' put right (decision 0133)", () => {
    expect(NOTIFICATION_MESSAGES.unexpectedError).toBe('An unexpected error has occurred. Please try again later.');
    expect(NOTIFICATION_MESSAGES.diagnosticsUnexpectedError).toBe(
      'An unexpected error has occurred. Please run the test again later.',
    );
    expect(VALIDATION_MESSAGES.emailPattern).toBe(
      'The email address must contain a @ and be followed by at least one .',
    );
  });

  it('has no blank or padded copy', () => {
    for (const text of [...Object.values(VALIDATION_MESSAGES), ...Object.values(NOTIFICATION_MESSAGES)]) {
      expect(text.trim()).not.toBe('');
      expect(text).toBe(text.trim());
    }
  });

  it('fills the templated messages', () => {
    expect(passwordMinLengthMessage(8)).toBe('Must contain 8 or more characters');
    expect(profileAssignmentRequiredMessage('Site Manager', 'site')).toBe(
      'A Site Manager must be assigned to at least one site.',
    );
    expect(profileAssignmentRequiredMessage('Mobile User', 'mobile device')).toBe(
      'A Mobile User must be assigned to at least one mobile device.',
    );
  });
});
