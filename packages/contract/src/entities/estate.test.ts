import { describe, expect, it } from 'vitest';
import {
  AddressSchema,
  BroadbandEndpointSchema,
  CompanySchema,
  EndpointRowSchema,
  EndpointSchema,
  SiteSchema,
  TeamSchema,
} from './estate';

const address = { id: 4, line1: '1 High Street', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS1 1AA' };
const mobile = { id: 9, name: 'Sales phone', identifier: '07700900123', endPointTypeId: 1, siteId: 2, teamIds: [5] };
const site = { id: 2, name: 'Head office', companyId: 1, companyName: 'Acme Ltd', addressId: 4 };

describe('AddressSchema', () => {
  it('accepts an address whose optional lines are absent', () => {
    expect(AddressSchema.safeParse(address).success).toBe(true);
  });

  it('enforces the line, town and post code limits', () => {
    expect(AddressSchema.safeParse({ ...address, line2: 'x'.repeat(50) }).success).toBe(true);
    expect(AddressSchema.safeParse({ ...address, line2: 'x'.repeat(51) }).success).toBe(false);
    expect(AddressSchema.safeParse({ ...address, town: 'x'.repeat(51) }).success).toBe(false);
    expect(AddressSchema.safeParse({ ...address, postCode: 'LS1 1AA 123' }).success).toBe(false);
    expect(AddressSchema.safeParse({ ...address, county: '' }).success).toBe(false);
  });
});

describe('CompanySchema', () => {
  it('accepts a company with addresses and rejects a non-positive id', () => {
    expect(CompanySchema.safeParse({ id: 1, name: 'Acme Ltd', addresses: [address] }).success).toBe(true);
    expect(CompanySchema.safeParse({ id: 0, name: 'Acme Ltd', addresses: [] }).success).toBe(false);
  });
});

describe('SiteSchema', () => {
  it('accepts an existing address or a new one', () => {
    expect(SiteSchema.safeParse(site).success).toBe(true);
    const { addressId: _unused, ...withoutAddress } = site;
    const newAddress = { line1: '1 Minster Yard', town: 'York', county: 'North Yorkshire', postCode: 'YO1 7HH' };
    expect(SiteSchema.safeParse({ ...withoutAddress, newAddress }).success).toBe(true);
  });

  it('rejects neither or both addresses', () => {
    const { addressId: _unused, ...withoutAddress } = site;
    expect(SiteSchema.safeParse(withoutAddress).success).toBe(false);
    const newAddress = { town: 'York', county: 'North Yorkshire', postCode: 'YO1 7HH' };
    expect(SiteSchema.safeParse({ ...site, newAddress }).success).toBe(false);
  });

  it('caps the name at 100 characters', () => {
    expect(SiteSchema.safeParse({ ...site, name: 'n'.repeat(100) }).success).toBe(true);
    expect(SiteSchema.safeParse({ ...site, name: 'n'.repeat(101) }).success).toBe(false);
  });
});

describe('EndpointSchema', () => {
  it('accepts mobile and broadband endpoints', () => {
    expect(EndpointSchema.safeParse(mobile).success).toBe(true);
    expect(EndpointSchema.safeParse({ ...mobile, endPointTypeId: 3, teamIds: [] }).success).toBe(true);
  });

  it('rejects endpoint type 2 and fractional ids', () => {
    expect(EndpointSchema.safeParse({ ...mobile, endPointTypeId: 2 }).success).toBe(false);
    expect(EndpointSchema.safeParse({ ...mobile, siteId: 1.5 }).success).toBe(false);
    expect(EndpointSchema.safeParse({ ...mobile, teamIds: [-1] }).success).toBe(false);
  });

  it('narrows by type', () => {
    expect(BroadbandEndpointSchema.safeParse(mobile).success).toBe(false);
  });

  it('row carries the display fields', () => {
    const row = {
      ...mobile,
      endPointId: 9,
      endPointName: 'Sales phone',
      cli: '07700900123',
      product: 'Business 5GB',
      siteName: 'Head office',
      teamNames: ['Sales'],
    };
    expect(EndpointRowSchema.safeParse(row).success).toBe(true);
    expect(EndpointRowSchema.safeParse({ ...row, teamNames: 'Sales' }).success).toBe(false);
  });
});

describe('TeamSchema', () => {
  const team = { id: 5, name: 'Sales', companyId: 1, companyName: 'Acme Ltd', endPoints: [mobile] };

  it('accepts a team of mobile devices', () => {
    expect(TeamSchema.safeParse(team).success).toBe(true);
  });

  it('rejects a broadband contract among its devices', () => {
    expect(TeamSchema.safeParse({ ...team, endPoints: [{ ...mobile, endPointTypeId: 3 }] }).success).toBe(false);
  });
});
