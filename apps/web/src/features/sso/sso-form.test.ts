import { SSO_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { newMappingRow, serverFieldErrors, ssoSaveOf } from './sso-form';

const values = {
  issuer: 'https://login.example.com/tenant',
  clientId: 'portal',
  clientSecret: '',
  emailDomains: 'Example.co.uk, example.com',
  groupMappings: [{ ...newMappingRow(), group: 'finance', profileId: '3' }],
};

describe('the single sign-on form', () => {
  it('sends the request the server takes: domains split and lower-cased, an empty secret kept back', () => {
    expect(ssoSaveOf(values, true)).toEqual({
      ok: true,
      body: {
        issuer: 'https://login.example.com/tenant',
        clientId: 'portal',
        emailDomains: ['example.co.uk', 'example.com'],
        groupMappings: [{ group: 'finance', profileId: 3, siteIds: [], teamIds: [] }],
      },
    });
  });

  it("names each field the request's schema refuses, as the server names them", () => {
    const result = ssoSaveOf(
      {
        ...values,
        issuer: 'login.example.com',
        emailDomains: 'not a domain',
        groupMappings: [{ ...newMappingRow(), group: '', profileId: '' }],
      },
      false,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        issuer: SSO_MESSAGES.issuerFormat,
        emailDomains: SSO_MESSAGES.domainFormat,
        'groupMappings.0.group': 'Enter the group',
        'groupMappings.0.profileId': 'Choose a profile',
        clientSecret: SSO_MESSAGES.secretRequired,
      },
    });
  });

  it("reads the server's refusal by field", () => {
    expect(
      serverFieldErrors({
        details: [{ field: 'groupMappings.1.siteIds', rule: 'in_estate', message: 'No such site' }],
      }),
    ).toEqual({ 'groupMappings.1.siteIds': 'No such site' });
  });
});
