import { describe, expect, it } from 'vitest';
import { DashTokenSetSchema, LoggedInUserSchema, TokenSetSchema } from './auth';
import { MessageSchema } from './banner-message';
import { AuthenticationLogRowSchema, LineHistoryRowSchema, SessionHistoryRowSchema } from './broadband-history';
import { FaqSchema, SearchResultSchema } from './help-and-search';
import { PartnerSchema, PartnerSettingsSchema } from './partners';

describe('auth entities', () => {
  const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: '2024-05-01T10:00:00Z', roles: ['Customer'] };

  it('accepts token sets and rejects a missing expiry', () => {
    expect(TokenSetSchema.safeParse(tokens).success).toBe(true);
    expect(
      DashTokenSetSchema.safeParse({ accessToken: 'a', refreshToken: 'r', expiresAt: tokens.expiresAt }).success,
    ).toBe(true);
    expect(TokenSetSchema.safeParse({ ...tokens, expiresAt: undefined }).success).toBe(false);
  });

  it('reads the token claims', () => {
    expect(LoggedInUserSchema.safeParse({ given_name: 'jo', email: 'jo@example.com', profile: 'Admin' }).success).toBe(
      true,
    );
    expect(LoggedInUserSchema.safeParse({ given_name: 'jo', email: 'jo', profile: 'Admin' }).success).toBe(false);
  });
});

describe('MessageSchema', () => {
  it('has optional dates', () => {
    expect(MessageSchema.safeParse({ id: 1, text: 'Maintenance tonight' }).success).toBe(true);
    expect(
      MessageSchema.safeParse({ id: 1, text: 'Maintenance', startDate: '2024-05-01T00:00:00Z', endDate: 'tomorrow' })
        .success,
    ).toBe(false);
  });
});

describe('broadband history rows', () => {
  it('parses a session with speeds in bytes', () => {
    const session = {
      username: 'acme@isp',
      startTime: '2024-05-01T08:00:00Z',
      endTime: '2024-05-01T09:00:00Z',
      sessionTime: 3600,
      speed: { upload: 1000, download: 5000 },
      ipAddress: '2001:db8::1',
    };
    expect(SessionHistoryRowSchema.safeParse(session).success).toBe(true);
    expect(SessionHistoryRowSchema.safeParse({ ...session, speed: { upload: -1, download: 5000 } }).success).toBe(
      false,
    );
  });

  it('parses line history and authentication logs', () => {
    const line = {
      gatheredDate: '2024-05-01T08:00:00Z',
      profileName: '80/20',
      downstreamSnrMargin: 6.1,
      downstreamAttenuation: 20.5,
      upstreamAttenuation: 11.2,
      secServiceDisrupted: 0,
      secServiceDisruptedCpe: 0,
      syncCount: 2,
      lostSyncCount: 1,
    };
    expect(LineHistoryRowSchema.safeParse(line).success).toBe(true);
    expect(LineHistoryRowSchema.safeParse({ ...line, syncCount: 1.5 }).success).toBe(false);
    const log = { username: 'acme@isp', logDate: '2024-05-01T08:00:00Z', status: 'Accept', bras: 'bras-01' };
    expect(AuthenticationLogRowSchema.safeParse(log).success).toBe(true);
    expect(AuthenticationLogRowSchema.safeParse({ ...log, logDate: '2024-05-01' }).success).toBe(false);
  });
});

describe('partner, FAQ and search', () => {
  it('accepts a partner with blank address lines', () => {
    const partner = {
      name: 'Reseller Ltd',
      partnerContacts: [{ type: 'Phone', value: '0113 000 0000' }],
      town: 'Leeds',
      themeCode: 'reseller',
      logoUrl: 'themes/reseller/logo.svg',
      primaryColour: '#123456',
      secondaryColour: '#abcdef',
      privacyPolicyUrl: 'https://reseller.example/privacy',
    };
    expect(PartnerSchema.safeParse(partner).success).toBe(true);
    expect(PartnerSchema.safeParse({ ...partner, partnerContacts: [{ type: 'Phone' }] }).success).toBe(false);
    expect(PartnerSchema.safeParse({ ...partner, primaryColour: 'blue' }).success).toBe(false);
    expect(PartnerSettingsSchema.safeParse({ showContractEndDate: true }).success).toBe(true);
  });

  it('types FAQs and search results', () => {
    expect(FaqSchema.safeParse({ title: 'How do I pay?', text: 'By direct debit.' }).success).toBe(true);
    const result = { type: 'MobileDevice', id: 9, params: { cli: '07700900123' }, name: 'Sales phone' };
    expect(SearchResultSchema.safeParse(result).success).toBe(true);
    expect(SearchResultSchema.safeParse({ ...result, type: 'Invoice' }).success).toBe(false);
  });
});
