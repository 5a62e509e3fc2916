import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from './sso-secret-box.js';

describe('the box that seals identity providers’ client secrets (decision 0208)', () => {
  const box = secretBox(randomBytes(32));

  it('opens what it sealed, for the owner it was sealed for, and never shows the secret sealed', () => {
    const sealed = box.seal('a client secret', 'sso-connection:company:7');
    expect(sealed.includes(Buffer.from('a client secret'))).toBe(false);
    expect(box.open(sealed, 'sso-connection:company:7')).toBe('a client secret');
    // A fresh IV each time: the same secret never seals to the same bytes.
    expect(box.seal('a client secret', 'sso-connection:company:7').equals(sealed)).toBe(false);
  });

  it('refuses a value moved to another owner, changed, or sealed with another key', () => {
    const sealed = box.seal('a client secret', 'sso-connection:company:7');
    expect(() => box.open(sealed, 'sso-connection:company:8')).toThrow();
    const changed = Buffer.from(sealed);
    changed[changed.length - 1] = (changed.at(-1) ?? 0) ^ 1;
    expect(() => box.open(changed, 'sso-connection:company:7')).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed, 'sso-connection:company:7')).toThrow();
    expect(() => secretBox(randomBytes(16))).toThrow(RangeError);
  });
});
