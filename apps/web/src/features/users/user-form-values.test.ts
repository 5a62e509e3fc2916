import { UserSaveSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { UserFormSchema } from './user-form-values';

// The server's property test (test/admin/form-rules-agreement.test.ts) shows its answers agree with these schemas.
describe('the user form’s rules', () => {
  it('checks the username and the e-mail address with the save’s own rules', () => {
    expect(UserFormSchema.shape.userName).toBe(UserSaveSchema.shape.userName);
    expect(UserFormSchema.shape.emailAddress).toBe(UserSaveSchema.shape.emailAddress);
  });
});
