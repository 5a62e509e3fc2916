import { type LoginForm, SIGN_IN_VALIDATION_MESSAGES } from '@portal/contract';

/**
 * The contract's LoginFormSchema, written out: two required fields need no zod on the page every visitor loads
 * (docs/decisions/0184). The same messages, each field's own; login-form.test.ts holds it to the schema.
 */
export function loginFormErrors(values: LoginForm): Partial<Record<keyof LoginForm, string>> {
  return {
    ...(values.username === '' ? { username: SIGN_IN_VALIDATION_MESSAGES.loginUsernameRequired } : {}),
    ...(values.password === '' ? { password: SIGN_IN_VALIDATION_MESSAGES.loginPasswordRequired } : {}),
  };
}
