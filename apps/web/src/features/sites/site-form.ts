import {
  type Address,
  FIELD_MESSAGES,
  NewAddressSchema,
  type SiteDetail,
  type SiteSave,
  SiteSaveSchema,
} from '@portal/contract';
import { z } from 'zod';

/** The address select's value for "a new address" (spec 2.11); the others are address ids. */
export const NEW_ADDRESS = 'new';

/** The site form as typed: selects hold ids as strings, '' before a choice. */
export interface SiteFormValues {
  name: string;
  companyId: string;
  /** An address id, NEW_ADDRESS, or '' while none is chosen. */
  addressId: string;
  line1: string;
  line2: string;
  line3: string;
  town: string;
  county: string;
  postCode: string;
}

/**
 * Spec 5's site rules, the save's own: name required, at most 100; an address required; a new address's first line,
 * town, county and post code required, lines and town and county at most 50, post code at most 10; the company
 * required when shown.
 */
export function siteFormSchema(companyShown: boolean) {
  return z
    .object({
      name: SiteSaveSchema.shape.name,
      companyId: companyShown ? z.string().min(1, { error: FIELD_MESSAGES.chooseCompany }) : z.string(),
      addressId: z.string().min(1, { error: FIELD_MESSAGES.chooseAddress }),
      line1: z.string(),
      line2: z.string(),
      line3: z.string(),
      town: z.string(),
      county: z.string(),
      postCode: z.string(),
    })
    .superRefine((values, ctx) => {
      // The new address's fields are checked only when it is the one chosen.
      if (values.addressId !== NEW_ADDRESS) return;
      const checked = NewAddressSchema.safeParse(values);
      if (checked.success) return;
      for (const issue of checked.error.issues) ctx.addIssue({ ...issue, code: 'custom', path: issue.path });
    });
}

export const EMPTY_SITE_FORM: SiteFormValues = {
  name: '',
  companyId: '',
  addressId: '',
  line1: '',
  line2: '',
  line3: '',
  town: '',
  county: '',
  postCode: '',
};

/** The form's values for a site as the API answers it. */
export function siteFormValues(site: SiteDetail): SiteFormValues {
  return {
    ...EMPTY_SITE_FORM,
    name: site.name ?? '',
    companyId: site.companyId === undefined ? '' : String(site.companyId),
    addressId: site.addressId === undefined ? '' : String(site.addressId),
  };
}

/**
 * The save of spec 7 from valid form values: the chosen address by id or the new one (empty optional lines left
 * out), and the company, which is the only one when the field is not shown.
 */
export function siteSave(values: SiteFormValues, options: { id?: number; companyId?: number }): SiteSave {
  const companyId = values.companyId === '' ? options.companyId : Number(values.companyId);
  const base: SiteSave = {
    ...(options.id === undefined ? {} : { id: options.id }),
    name: values.name.trim(),
    ...(companyId === undefined ? {} : { companyId }),
  };
  if (values.addressId !== NEW_ADDRESS) return { ...base, addressId: Number(values.addressId) };
  const optional = (key: 'line2' | 'line3') => (values[key].trim() === '' ? {} : { [key]: values[key].trim() });
  return {
    ...base,
    newAddress: {
      line1: values.line1.trim(),
      ...optional('line2'),
      ...optional('line3'),
      town: values.town.trim(),
      county: values.county.trim(),
      postCode: values.postCode.trim(),
    },
  };
}

/** An address as one line of the select: its non-empty parts, comma separated. */
export function addressLabel(address: Partial<Address>): string {
  return [address.line1, address.line2, address.line3, address.town, address.county, address.postCode]
    .filter((part) => part !== undefined && part !== null && part.trim() !== '')
    .join(', ');
}
