import type { Partner } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { addressLines } from './address-lines';

const partner: Partner = {
  name: 'Northwind Communications',
  partnerContacts: [],
  line1: '1 Quay Street',
  line2: '',
  line3: '   ',
  town: 'Bristol',
  postCode: 'BS1 4DJ',
  themeCode: 'northwind',
  logoUrl: 'themes/northwind/logo.svg',
  primaryColour: '#0b3d91',
  secondaryColour: '#f59e0b',
  privacyPolicyUrl: 'https://example.com/privacy',
};

describe('addressLines', () => {
  it('keeps the filled lines in order and hides empty ones', () => {
    expect(addressLines(partner)).toEqual(['1 Quay Street', 'Bristol', 'BS1 4DJ']);
  });
});
