import { randomInt } from 'node:crypto';
import {
  type ApiErrorDetail,
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRENGTH_RULES,
  VALIDATION_MESSAGES,
} from '@portal/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

/*
 * The rules a new password must meet (spec section 5; OWASP ASVS 5 V6.2): the spec's four character classes and
 * its minimum length (PASSWORD_MIN_LENGTH, 12), at most PASSWORD_MAX_LENGTH characters, not one of the commonly
 * used passwords, and different from the current one. Lengths count Unicode code points, so an emoji is one
 * character, not two UTF-16 units. The character classes are the contract's own patterns, so the server and the
 * web form agree on what counts as, say, a special character (anything that is not an ASCII letter or digit).
 */

/** ASVS asks to allow at least 64 characters; 128 leaves room for pass phrases and still bounds the hashing work. */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_POLICY_MESSAGES = {
  tooCommon: 'This password is too common. Choose a less predictable one.',
  maxLength: `Must contain no more than ${PASSWORD_MAX_LENGTH} characters`,
} as const;

export type PasswordPolicyRule =
  | (typeof PASSWORD_STRENGTH_RULES)[number]['rule']
  | 'maxLength'
  | 'common'
  | 'sameAsCurrent';

export type PasswordPolicyViolation = { rule: PasswordPolicyRule; message: string };

export type PasswordPolicyOptions = {
  /** The user's current password; the new one must differ from it. */
  currentPassword?: string | undefined;
  /** Words a guesser would try for this user (user name, partner name, product name); refused like common ones. */
  contextWords?: readonly (string | undefined)[] | undefined;
};

/**
 * Every rule the password breaks, in the order the web form lists its criteria; empty when it is acceptable.
 * The rule codes are the contract's (`lowerCase`, `upperCase`, `number`, `specialCharacter`, `minLength`) plus
 * `maxLength`, `common` and `sameAsCurrent`.
 */
export function checkPassword(password: string, options: PasswordPolicyOptions = {}): PasswordPolicyViolation[] {
  const violations: PasswordPolicyViolation[] = [];
  const length = codePointLength(password);
  for (const { rule, pattern, message } of PASSWORD_STRENGTH_RULES) {
    // The contract's length pattern counts UTF-16 units; the server counts code points.
    const met = rule === 'minLength' ? length >= PASSWORD_MIN_LENGTH : pattern.test(password);
    if (!met) violations.push({ rule, message });
  }
  if (length > PASSWORD_MAX_LENGTH) {
    violations.push({ rule: 'maxLength', message: PASSWORD_POLICY_MESSAGES.maxLength });
  }
  // A too-long password is refused anyway; skipping it keeps the list check's work bounded.
  if (length <= PASSWORD_MAX_LENGTH && isCommonPassword(password, options.contextWords)) {
    violations.push({ rule: 'common', message: PASSWORD_POLICY_MESSAGES.tooCommon });
  }
  if (options.currentPassword !== undefined && password === options.currentPassword) {
    violations.push({ rule: 'sameAsCurrent', message: VALIDATION_MESSAGES.newPasswordSameAsCurrent });
  }
  return violations;
}

/** The violations as the API error body's details, e.g. `badRequest(msg, { details: ... })`. */
export function passwordPolicyErrorDetails(
  violations: readonly PasswordPolicyViolation[],
  field = 'newPassword',
): ApiErrorDetail[] {
  return violations.map(({ rule, message }) => ({ field, rule, message }));
}

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * The common-password list: about 49,000 passwords ranked by frequency in Mark Burnett's ten-million-password
 * corpus, lower case, as shipped (and maintained) by zxcvbn-ts in @zxcvbn-ts/language-common. Loaded on first use.
 */
export function commonPasswordList(): ReadonlySet<string> {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords;
}

// The cores of "Password123!" or "!!Summer2024" are the common words; shorter cores say too little to refuse on.
const MIN_CORE_LENGTH = 4;
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

/**
 * True when the password, compared case-insensitively, is a common password or a context word, either as it is or
 * once the digits and symbols around it are taken off ('Password123!', '2024Summer!') or its look-alike
 * substitutions are undone ('P@ssw0rd!').
 */
export function isCommonPassword(password: string, contextWords: readonly (string | undefined)[] = []): boolean {
  const list = commonPasswordList();
  const context = new Set(
    contextWords.flatMap((word) => {
      const normalised = word?.normalize('NFKC').toLowerCase().trim();
      return normalised && codePointLength(normalised) >= MIN_CORE_LENGTH ? [normalised] : [];
    }),
  );
  return guessCandidates(password).some((candidate) => list.has(candidate) || context.has(candidate));
}

function guessCandidates(password: string): string[] {
  const lower = password.normalize('NFKC').toLowerCase();
  const candidates = new Set([lower]);
  for (const core of [strip(lower, 'end'), strip(lower, 'start'), strip(lower, 'both')]) {
    if (codePointLength(core) >= MIN_CORE_LENGTH) candidates.add(core);
  }
  for (const candidate of [...candidates]) {
    const plain = unLeet(candidate);
    candidates.add(plain);
    const plainCore = strip(plain, 'both');
    if (codePointLength(plainCore) >= MIN_CORE_LENGTH) candidates.add(plainCore);
  }
  return [...candidates];
}

/** Takes the non-letters (digits, symbols, spaces) off one or both ends. A loop, not a regex: no backtracking. */
function strip(text: string, ends: 'start' | 'end' | 'both'): string {
  const characters = Array.from(text);
  let start = 0;
  let end = characters.length;
  if (ends !== 'end') while (start < end && !isLetter(characters[start])) start++;
  if (ends !== 'start') while (end > start && !isLetter(characters[end - 1])) end--;
  return characters.slice(start, end).join('');
}

function isLetter(character: string | undefined): boolean {
  return character !== undefined && /\p{L}/u.test(character);
}

function unLeet(text: string): string {
  return text.replace(/[@4310!$57]/g, (character) => LEET[character] ?? character);
}

/** Length in Unicode code points (what a person counts as characters, near enough; 'é' typed as e + accent is 2). */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

// Temporary passwords leave out look-alikes (l, I, O, 0, 1) because people read them from an e-mail.
const TEMPORARY_PASSWORD_CLASSES = [
  'abcdefghijkmnopqrstuvwxyz',
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  '23456789',
  '!#$%*+-?@',
] as const;
const TEMPORARY_PASSWORD_ALPHABET = TEMPORARY_PASSWORD_CLASSES.join('');
export const TEMPORARY_PASSWORD_LENGTH = 16;

/**
 * A random password that meets the policy, for the forgot-password e-mail: at least 16 characters (about 95 bits),
 * one of each class, the rest from all of them, positions shuffled, all drawn with crypto.randomInt.
 */
export function generateTemporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  if (!Number.isInteger(length) || length < TEMPORARY_PASSWORD_LENGTH || length > PASSWORD_MAX_LENGTH) {
    throw new RangeError(`temporary password length must be ${TEMPORARY_PASSWORD_LENGTH}-${PASSWORD_MAX_LENGTH}`);
  }
  for (;;) {
    const characters = TEMPORARY_PASSWORD_CLASSES.map(pick);
    while (characters.length < length) characters.push(pick(TEMPORARY_PASSWORD_ALPHABET));
    for (let i = characters.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [characters[i], characters[j]] = [characters[j]!, characters[i]!];
    }
    const password = characters.join('');
    // Practically always true at once; the loop only guards against a freak draw of a listed password.
    if (checkPassword(password).length === 0) return password;
  }
}

function pick(alphabet: string): string {
  return alphabet[randomInt(alphabet.length)]!;
}
