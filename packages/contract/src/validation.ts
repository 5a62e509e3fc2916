import { z } from 'zod';
import type { MobileCarrierKey } from './carriers';
import { SIM_LENGTH } from './carriers';
import { MAX_LENGTH } from './limits';
import { passwordMinLengthMessage, VALIDATION_MESSAGES } from './messages';
import { requiredText } from './rules/text-fields';

/*
 * The two email patterns differ on purpose (spec section 5): forgot password accepts a 2-4 letter ending,
 * the user form a 2-8 letter top-level domain. Both share the same local part and domain.
 */
export const FORGOT_PASSWORD_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;
export const USER_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,8}$/;

/** The spec does not show the minimum: 12, as OWASP ASVS 5 (V6.2) asks. */
export const PASSWORD_MIN_LENGTH = 12;

/** The strength criteria shown beside the new-password field, in display order. */
export const PASSWORD_STRENGTH_RULES = [
  { rule: 'lowerCase', pattern: /[a-z]/, message: VALIDATION_MESSAGES.passwordNeedsLowerCase },
  { rule: 'upperCase', pattern: /[A-Z]/, message: VALIDATION_MESSAGES.passwordNeedsUpperCase },
  { rule: 'number', pattern: /[0-9]/, message: VALIDATION_MESSAGES.passwordNeedsNumber },
  { rule: 'specialCharacter', pattern: /[^A-Za-z0-9]/, message: VALIDATION_MESSAGES.passwordNeedsSpecialCharacter },
  {
    rule: 'minLength',
    // Counted in code points (the u flag), as the server counts them.
    pattern: new RegExp(`^[\\s\\S]{${PASSWORD_MIN_LENGTH},}$`, 'u'),
    message: passwordMinLengthMessage(PASSWORD_MIN_LENGTH),
  },
] as const;

/** A name as the API answers it (a site's, team's, line's or company's): whatever is stored, read back as it is. */
export const EntityNameSchema = z.string().min(1).max(MAX_LENGTH.name);
export const UserNameSchema = z.string().min(1).max(MAX_LENGTH.username);

/**
 * A name a request gives (a new or changed site, team or line): surrounding spaces are dropped, and what is left must
 * have 1 to 100 characters, so a name of only spaces is refused as missing (rule `too_small`). Answers read names
 * with the plain schemas above, so that a name stored before this rule still reads.
 */
export const EntityNameInputSchema = requiredText('Name', MAX_LENGTH.name);

/**
 * The characters a new or changed username may have: ASCII letters and digits and `. _ - @` (docs/decisions/0125).
 * Usernames are sign-in names, unique ignoring case; keeping other scripts out means no Cyrillic or Greek letter can
 * stand in for a Latin one, and the server refuses the look-alikes left within ASCII (I and l, 0 and O, rn and m).
 */
// `*`, not `+`: an empty name is refused once, as missing, by the length rule beside it.
export const USER_NAME_PATTERN = /^[A-Za-z0-9._@-]*$/;
export const USER_NAME_CHARACTERS_MESSAGE = 'A username may contain only the letters A to Z, digits and . _ - @';

/** A username a request gives (the user form's save and its uniqueness check), and the user form's field. */
export const UserNameInputSchema = requiredText('Username', MAX_LENGTH.username).regex(
  USER_NAME_PATTERN,
  USER_NAME_CHARACTERS_MESSAGE,
);
/** An e-mail address a request gives (the user form's save), and the user form's field. */
export const UserEmailAddressInputSchema = requiredText('Email address', MAX_LENGTH.email).regex(
  USER_EMAIL_PATTERN,
  VALIDATION_MESSAGES.emailPattern,
);
export const UserEmailAddressSchema = z
  .string()
  .min(1)
  .max(MAX_LENGTH.email)
  .regex(USER_EMAIL_PATTERN, VALIDATION_MESSAGES.emailPattern);
export const AddressLineSchema = z.string().max(MAX_LENGTH.addressLine);
export const TownSchema = z.string().min(1).max(MAX_LENGTH.town);
export const CountySchema = z.string().min(1).max(MAX_LENGTH.county);
export const PostCodeSchema = z.string().min(1).max(MAX_LENGTH.postCode);

function requiredString(message: string) {
  return z.string({ error: message }).min(1, { error: message });
}

export const LoginFormSchema = z.object({
  username: requiredString(VALIDATION_MESSAGES.loginUsernameRequired),
  password: requiredString(VALIDATION_MESSAGES.loginPasswordRequired),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const ForgotPasswordFormSchema = z.object({
  username: requiredString(VALIDATION_MESSAGES.forgotPasswordUsernameRequired),
  emailAddress: requiredString(VALIDATION_MESSAGES.forgotPasswordEmailRequired).regex(
    FORGOT_PASSWORD_EMAIL_PATTERN,
    VALIDATION_MESSAGES.emailPattern,
  ),
});
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>;

export const NewPasswordSchema = PASSWORD_STRENGTH_RULES.reduce(
  (schema, { pattern, message }) => schema.regex(pattern, message),
  requiredString(VALIDATION_MESSAGES.newPasswordRequired),
);

export const ChangePasswordFormSchema = z
  .object({
    currentPassword: requiredString(VALIDATION_MESSAGES.currentPasswordRequired),
    newPassword: NewPasswordSchema,
    repeatPassword: requiredString(VALIDATION_MESSAGES.repeatPasswordRequired),
  })
  .superRefine((form, ctx) => {
    if (form.newPassword === form.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: VALIDATION_MESSAGES.newPasswordSameAsCurrent });
    }
    if (form.repeatPassword !== form.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: VALIDATION_MESSAGES.passwordsDoNotMatch });
    }
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** Digits only, of the carrier's length; the server-supplied SimRule pattern is checked on top of this. */
export function simNumberSchema(carrier: MobileCarrierKey) {
  const { min, max } = SIM_LENGTH[carrier];
  return z
    .string()
    .regex(/^[0-9]+$/)
    .min(min)
    .max(max);
}
