import { ADDRESS_FIELDS, NewAddressSchema, SiteSaveSchema } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressLabel,
  EMPTY_SITE_FORM,
  NEW_ADDRESS,
  type SiteFormValues,
  siteFormSchema,
  siteFormValues,
  siteSave,
} from './site-form';

const NEW: SiteFormValues = {
  ...EMPTY_SITE_FORM,
  name: ' Harbour Office ',
  addressId: NEW_ADDRESS,
  line1: '1 Quay Street',
  town: 'Whitby',
  county: 'North Yorkshire',
  postCode: 'YO21 1AA',
};

/** The messages of the schema's issues, by field. */
function issues(values: SiteFormValues, companyShown = false): Record<string, string> {
  const result = siteFormSchema(companyShown).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('siteFormSchema (spec 5)', () => {
  it('needs a name and an address', () => {
    expect(issues(EMPTY_SITE_FORM)).toEqual({ name: 'Name is required', addressId: 'Please choose an address' });
    expect(issues({ ...EMPTY_SITE_FORM, name: '   ', addressId: '4' })).toEqual({ name: 'Name is required' });
  });

  it('limits the name to 100 characters', () => {
    expect(issues({ ...NEW, name: 'x'.repeat(100) })).toEqual({});
    expect(issues({ ...NEW, name: 'x'.repeat(101) })).toEqual({ name: 'Name must be 100 characters or fewer' });
  });

  it('checks a new address: line 1, town, county and post code required, lengths 50 and 10', () => {
    expect(issues(NEW)).toEqual({});
    expect(issues({ ...NEW, line1: '', town: '', county: ' ', postCode: '' })).toEqual({
      line1: 'Address Line 1 is required',
      town: 'Town is required',
      county: 'County is required',
      postCode: 'Post Code is required',
    });
    expect(issues({ ...NEW, line2: 'x'.repeat(51), town: 'x'.repeat(51), postCode: 'x'.repeat(11) })).toEqual({
      line2: 'Address Line 2 must be 50 characters or fewer',
      town: 'Town must be 50 characters or fewer',
      postCode: 'Post Code must be 10 characters or fewer',
    });
  });

  it('ignores the new-address fields when an existing address is chosen', () => {
    expect(issues({ ...EMPTY_SITE_FORM, name: 'Depot', addressId: '12', town: 'x'.repeat(80) })).toEqual({});
  });

  it('needs the company only when the field is shown', () => {
    expect(issues(NEW, true)).toEqual({ companyId: 'Please choose a company' });
    expect(issues({ ...NEW, companyId: '3' }, true)).toEqual({});
    expect(issues(NEW, false)).toEqual({});
  });
});

describe('siteSave', () => {
  it('sends a new address without its empty lines, trimmed, with the only company', () => {
    expect(siteSave({ ...NEW, line2: '  ', line3: ' Harbour ' }, { companyId: 7 })).toEqual({
      name: 'Harbour Office',
      companyId: 7,
      newAddress: {
        line1: '1 Quay Street',
        line3: 'Harbour',
        town: 'Whitby',
        county: 'North Yorkshire',
        postCode: 'YO21 1AA',
      },
    });
  });

  it('sends a chosen address by id, the chosen company and the id of an edit', () => {
    expect(siteSave({ ...EMPTY_SITE_FORM, name: 'Depot', companyId: '3', addressId: '12' }, { id: 9 })).toEqual({
      id: 9,
      name: 'Depot',
      companyId: 3,
      addressId: 12,
    });
  });
});

it('siteFormValues reads a site as the API gives it', () => {
  expect(siteFormValues({ id: 9, name: 'Depot', companyId: 3, addressId: 12, town: 'Leeds' })).toEqual({
    ...EMPTY_SITE_FORM,
    name: 'Depot',
    companyId: '3',
    addressId: '12',
  });
});

it('addressLabel joins the parts an address has', () => {
  expect(
    addressLabel({ id: 1, line1: 'Unit 40', line2: '', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS21 1GF' }),
  ).toBe('Unit 40, Leeds, West Yorkshire, LS21 1GF');
});

describe('the site form’s rules are the save’s', () => {
  it('checks the name with the save’s own rule', () => {
    const checked = siteFormSchema(false).safeParse({ ...NEW, name: ' ' });
    expect(checked.error?.issues.map((issue) => issue.message)).toEqual(
      SiteSaveSchema.shape.name.safeParse(' ').error?.issues.map((issue) => issue.message),
    );
  });
});

describe('the new address’s rules are the save’s (property)', () => {
  const text = fc.string({ unit: fc.constantFrom('a', '7', ' ', '-', 'é'), maxLength: 55 });
  it('refuses a field exactly when the contract’s NewAddressSchema refuses it', () => {
    fc.assert(
      fc.property(fc.record(Object.fromEntries(ADDRESS_FIELDS.map(({ name }) => [name, text]))), (address) => {
        const form = siteFormSchema(false).safeParse({ ...NEW, ...address });
        const save = NewAddressSchema.safeParse(address);
        const fields = (issues: ReadonlyArray<{ path: PropertyKey[] }>) => [...new Set(issues.map((i) => i.path[0]))];
        expect(fields(form.error?.issues ?? []).sort()).toEqual(fields(save.error?.issues ?? []).sort());
      }),
    );
  });
});
