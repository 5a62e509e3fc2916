import { LoginFormSchema } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginFormErrors } from './login-form';

/** The first message the schema gives for each field, as the form shows them. */
function schemaErrors(values: { username: string; password: string }): Record<string, string> {
  const parsed = LoginFormSchema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const { path, message } of parsed.success ? [] : parsed.error.issues) errors[String(path[0])] ??= message;
  return errors;
}

describe('loginFormErrors', () => {
  it("gives the schema's messages for the same fields", () => {
    const text = fc.oneof(fc.constantFrom('', ' ', 'jo'), fc.string());
    fc.assert(
      fc.property(text, text, (username, password) => {
        expect(loginFormErrors({ username, password })).toEqual(schemaErrors({ username, password }));
      }),
    );
  });
});
