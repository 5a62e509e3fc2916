import { describe, expect, it } from 'vitest';
import { AccessTypeSchema, FunctionalityCodeSchema, ProfileLevelSchema } from './permission-schemas';
import { ACCESS_TYPES, FUNCTIONALITY_CODES, hasPermission, PROFILE_LEVELS, sortAccessTypes } from './permissions';

describe('functionality codes', () => {
  it('lists the 19 distinct codes of spec section 3, then the codes added beyond it', () => {
    expect(FUNCTIONALITY_CODES).toHaveLength(21);
    expect(new Set(FUNCTIONALITY_CODES).size).toBe(21);
    expect(FUNCTIONALITY_CODES.slice(19)).toEqual(['SpendAlerts', 'AuditLog']);
  });

  it('accepts known codes and rejects others, case-sensitively', () => {
    expect(FunctionalityCodeSchema.safeParse('EndPointLiftSpendLimit').success).toBe(true);
    expect(FunctionalityCodeSchema.safeParse('endpointliftspendlimit').success).toBe(false);
    expect(FunctionalityCodeSchema.safeParse('ManageCompany').success).toBe(false);
  });
});

describe('access types and profile levels', () => {
  it('keeps the display order Read, Write, Delete', () => {
    expect(ACCESS_TYPES).toEqual(['Read', 'Write', 'Delete']);
    expect(sortAccessTypes(['Delete', 'Read', 'Write'])).toEqual(['Read', 'Write', 'Delete']);
  });

  it('does not mutate the input when sorting', () => {
    const input = ['Write', 'Read'] as const;
    sortAccessTypes(input);
    expect(input).toEqual(['Write', 'Read']);
  });

  it('rejects unknown access types and levels', () => {
    expect(AccessTypeSchema.safeParse('Update').success).toBe(false);
    expect(PROFILE_LEVELS).toEqual(['Company', 'Site', 'Team', 'EndPoint']);
    expect(ProfileLevelSchema.safeParse('Endpoint').success).toBe(false);
  });
});

describe('hasPermission', () => {
  const held = [
    { code: 'ManageUser', accessType: 'Write' },
    { code: 'ViewMyBills', accessType: 'Read' },
  ] as const;

  it('matches the exact code and access type pair', () => {
    expect(hasPermission(held, 'ViewMyBills', 'Read')).toBe(true);
    expect(hasPermission(held, 'ManageUser', 'Write')).toBe(true);
  });

  it('does not treat Write as implying Read', () => {
    expect(hasPermission(held, 'ManageUser', 'Read')).toBe(false);
  });

  it('is false for nothing held', () => {
    expect(hasPermission([], 'ViewMyBills', 'Read')).toBe(false);
  });
});
