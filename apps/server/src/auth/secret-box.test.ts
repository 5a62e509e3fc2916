import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.js';

describe('secretBox', () => {
  const box = secretBox(randomBytes(32));
  const secret = Buffer.from('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');

  it('opens what it sealed, for the same context', () => {
    expect(box.open(box.seal(secret, 'authenticator:7'), 'authenticator:7')).toEqual(secret);
  });

  it('seals the same secret differently each time, and never as itself', () => {
    const first = box.seal(secret, 'authenticator:7');
    const second = box.seal(secret, 'authenticator:7');
    expect(first.equals(second)).toBe(false);
    expect(first.includes(secret)).toBe(false);
  });

  it('refuses another context, a changed byte, and another key', () => {
    const sealed = box.seal(secret, 'authenticator:7');
    expect(() => box.open(sealed, 'authenticator:8')).toThrow();
    const changed = Buffer.from(sealed);
    changed[changed.length - 1] = (changed.at(-1) ?? 0) ^ 1;
    expect(() => box.open(changed, 'authenticator:7')).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed, 'authenticator:7')).toThrow();
  });

  it('derives its key from configured text of 32 characters or more, the same for every server', () => {
    const configured = new TextEncoder().encode('a configured key of at least 32 characters');
    const sealed = secretBox(configured).seal(secret, 'authenticator:7');
    expect(secretBox(configured).open(sealed, 'authenticator:7')).toEqual(secret);
    expect(() => secretBox(new Uint8Array(16))).toThrow(RangeError);
  });
});
