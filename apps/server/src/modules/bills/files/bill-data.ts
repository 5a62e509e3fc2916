export type PostalAddress = { street: string[]; town: string; county: string | null; postCode: string };
export type BillParty = { name: string; address: PostalAddress | undefined };

/** One line (endpoint) of the bill: its billed usage, from the call-detail records on the invoice. */
export type BillLineUsage = {
  name: string;
  identifier: string;
  calls: number;
  texts: number;
  /** Chargeable minutes: each call rounded up to the minute, as calls are rated. */
  minutes: number;
  bytes: number;
  /** The line's records summed, then rounded to the penny (as the invoice's usage charges are). */
  costPence: number;
};

/** Everything printed on a bill, amounts in whole pence. */
export type BillData = {
  invoice: {
    invoiceNumber: string;
    billDate: string;
    periodStart: string;
    periodEnd: string;
    accountNumber: string;
    usageChargesPence: number;
    fixedChargesPence: number;
    vatPence: number;
    invoiceAmountPence: number;
  };
  partner: BillParty & { primaryColour: string; secondaryColour: string; contacts: { type: string; value: string }[] };
  customer: BillParty;
  lines: BillLineUsage[];
};

/** An address as the partners and addresses tables hold it. */
export type AddressColumns = {
  line1: string;
  line2: string | null;
  line3: string | null;
  town: string;
  county: string | null;
  post_code: string;
};

export function postalAddress(columns: AddressColumns): PostalAddress {
  return {
    street: [columns.line1, columns.line2, columns.line3].filter((line): line is string => Boolean(line)),
    town: columns.town,
    county: columns.county || null,
    postCode: columns.post_code,
  };
}

/** One line each, as on an envelope. */
export function addressLines(address: PostalAddress | undefined): string[] {
  if (!address) return [];
  // Bristol is its own county: the town is not written twice.
  const county = address.county && address.county !== address.town ? [address.county] : [];
  return [...address.street, address.town, ...county, address.postCode];
}

/** Street, then town and post code: for letterheads and footers, where height is short. */
export function compactAddress(address: PostalAddress | undefined): string[] {
  if (!address) return [];
  return [address.street.join(', '), `${address.town} ${address.postCode}`];
}
