import type { Partner, PartnerContact } from '@portal/contract';

/**
 * The contract's PartnerSchema, written out as a check. Every page shows the partner's branding from its first
 * paint, the sign-in page too, and parsing the reply with the schema would put zod on that page (docs/decisions/0184).
 * partner-reply.test.ts holds it to the schema: the same verdict and the same value for any body.
 */
export function parsePartner(body: unknown): Partner {
  const partner = record(body, 'partner');
  return {
    name: text(partner.name, 'name', 1),
    partnerContacts: list(partner.partnerContacts, 'partnerContacts').map(contact),
    ...optionalText(partner, ADDRESS_LINES),
    themeCode: text(partner.themeCode, 'themeCode', 0, THEME_CODE),
    logoUrl: text(partner.logoUrl, 'logoUrl', 1),
    primaryColour: text(partner.primaryColour, 'primaryColour', 0, COLOUR),
    secondaryColour: text(partner.secondaryColour, 'secondaryColour', 0, COLOUR),
    privacyPolicyUrl: url(partner.privacyPolicyUrl, 'privacyPolicyUrl'),
  };
}

const ADDRESS_LINES = ['line1', 'line2', 'line3', 'town', 'county', 'postCode'] as const;
const THEME_CODE = /^[a-z0-9-]{2,32}$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

function refuse(field: string): never {
  throw new TypeError(`The partner's ${field} does not match the contract`);
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse(field);
  return value as Record<string, unknown>;
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) refuse(field);
  return value;
}

function text(value: unknown, field: string, minLength: number, pattern?: RegExp): string {
  if (typeof value !== 'string' || value.length < minLength || (pattern !== undefined && !pattern.test(value)))
    refuse(field);
  return value;
}

/** As zod keeps optional keys: one the body leaves out stays out, one it holds as undefined stays undefined. */
function optionalText<K extends string>(
  body: Record<string, unknown>,
  fields: readonly K[],
): Partial<Record<K, string | undefined>> {
  const kept: Partial<Record<K, string | undefined>> = {};
  for (const field of fields) {
    if (field in body) kept[field] = body[field] === undefined ? undefined : text(body[field], field, 0);
  }
  return kept;
}

/** As zod's `z.url()` reads one: trimmed, parseable, and without tabs or line breaks. */
function url(value: unknown, field: string): string {
  const trimmed = text(value, field, 0).trim();
  if (!URL.canParse(trimmed)) refuse(field);
  return trimmed.replace(/[\t\n\r]/g, '');
}

function contact(value: unknown): PartnerContact {
  const { type, value: detail } = record(value, 'partnerContacts');
  return { type: text(type, 'partnerContacts', 1), value: text(detail, 'partnerContacts', 1) };
}
