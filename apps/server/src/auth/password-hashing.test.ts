import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hashing.js';

describe('password hashing', () => {
  it('uses argon2id with at least the OWASP parameters and a fresh salt each time', async () => {
    const first = await hashPassword('Correct-Horse-2026!');
    const second = await hashPassword('Correct-Horse-2026!');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Correct-Horse-2026!');
    await expect(verifyPassword(stored, 'Correct-Horse-2026!')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'correct-horse-2026!')).resolves.toBe(false);
  });
});
