import { describe, expect, it } from 'vitest';
import { FunctionalitySchema, ProfileSchema, UserSaveSchema, UserSchema } from './users';

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

describe('UserSaveSchema', () => {
  it('takes a user as GET answers it (assignment names are ignored) and defaults missing lists to empty', () => {
    const saved = UserSaveSchema.parse(user);
    expect(saved.companies).toEqual([{ id: 1, name: 'Acme Ltd' }]);
    const minimal = UserSaveSchema.parse({ ...user, sites: undefined, teams: undefined });
    expect(minimal.sites).toEqual([]);
    expect(minimal.teams).toEqual([]);
  });

  it("refuses spec 5's lengths and the e-mail pattern with its message", () => {
    expect(UserSaveSchema.safeParse({ ...user, userName: 'x'.repeat(51) }).success).toBe(false);
    const email = UserSaveSchema.safeParse({ ...user, emailAddress: 'jo@example.abcdefghi' });
    expect(email.error?.issues[0]?.message).toBe(
      'The email address must contain a @ and be followed by at least one .',
    );
    expect(UserSaveSchema.safeParse({ ...user, emailAddress: 'jo@example.abcdefgh' }).success).toBe(true);
  });
});
