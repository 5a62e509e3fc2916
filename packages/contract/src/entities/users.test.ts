import { describe, expect, it } from 'vitest';
import { FunctionalitySchema, ProfileSchema, UserSchema } from './users';

const user = {
  id: 3,
  userName: 'jo.bloggs',
  emailAddress: 'jo@example.solution',
  profileId: 2,
  functionalityIds: [1, 2, 3],
  companies: [{ id: 1, name: 'Acme Ltd' }],
  sites: [],
  teams: [],
  mobileEndPoints: [{ id: 9, name: 'Sales phone', identifier: '07700900123' }],
  broadbandEndPoints: [],
};

describe('UserSchema', () => {
  it('accepts a valid user', () => {
    expect(UserSchema.safeParse(user).success).toBe(true);
  });

  it('applies the user-form email pattern (2-8 letter top-level domain)', () => {
    expect(UserSchema.safeParse({ ...user, emailAddress: 'jo@example.solutions' }).success).toBe(false);
    expect(UserSchema.safeParse({ ...user, emailAddress: 'jo@example' }).success).toBe(false);
  });

  it('caps the username at 50 characters', () => {
    expect(UserSchema.safeParse({ ...user, userName: 'u'.repeat(51) }).success).toBe(false);
  });
});

describe('FunctionalitySchema and ProfileSchema', () => {
  it('accept known codes, access types and levels only', () => {
    const entry = { id: 1, code: 'DownloadBill', description: 'Download bills', accessType: 'Read' };
    expect(FunctionalitySchema.safeParse(entry).success).toBe(true);
    expect(FunctionalitySchema.safeParse({ ...entry, code: 'DownloadBills' }).success).toBe(false);
    expect(FunctionalitySchema.safeParse({ ...entry, accessType: 'read' }).success).toBe(false);
    expect(ProfileSchema.safeParse({ id: 1, name: 'Site Manager', level: 'Site' }).success).toBe(true);
    expect(ProfileSchema.safeParse({ id: 1, name: 'Site Manager', level: 'Region' }).success).toBe(false);
  });
});
