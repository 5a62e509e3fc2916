import { PartnerSchema } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePartner } from './partner-reply';

const valid = {
  name: 'Acme Telecom',
  partnerContacts: [{ type: 'Email', value: 'help@acme.example' }],
  line1: '1 High Street',
  town: 'Leeds',
  themeCode: 'acme',
  logoUrl: '/branding/acme.svg',
  primaryColour: '#0a4b8c',
  secondaryColour: '#F5A623',
  privacyPolicyUrl: 'https://acme.example/privacy',
};

function verdict(body: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parsePartner(body) };
  } catch {
    return { ok: false };
  }
}

function schemaVerdict(body: unknown): { ok: true; value: unknown } | { ok: false } {
  const parsed = PartnerSchema.safeParse(body);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

/** Values near each field's rules: right and wrong types, empty, patterns just in and just out, odd URLs. */
const fieldValue = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    0,
    true,
    '',
    'x',
    'ab',
    'a',
    'acme-2',
    'Acme',
    'a'.repeat(33),
    '#0a4b8c',
    '#0A4B8Z',
    '#0a4b8',
    ' https://acme.example/privacy ',
    'https://acme.example/pri\tvacy',
    'mailto:privacy@acme.example',
    'acme.example/privacy',
    'http:acme.example',
    [],
    {},
  ),
  fc.string(),
  fc.array(fc.record({ type: fc.oneof(fc.constant(''), fc.string()), value: fc.oneof(fc.constant(1), fc.string()) }), {
    maxLength: 2,
  }),
);

describe('parsePartner', () => {
  it('reads a valid partner as the schema does, dropping unknown keys', () => {
    const body = { ...valid, extra: 'dropped', partnerContacts: [{ type: 'Phone', value: '0113', note: 'x' }] };
    expect(parsePartner(body)).toStrictEqual(PartnerSchema.parse(body));
  });

  it('refuses what the schema refuses and reads what it reads, to the same value', () => {
    const keys = Object.keys(valid).concat('line2', 'line3', 'county', 'postCode');
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...keys), fieldValue, { maxKeys: 4 }),
        fc.subarray(keys, { maxLength: 2 }),
        (changes, removed) => {
          const body: Record<string, unknown> = { ...valid, ...changes };
          for (const key of removed) delete body[key];
          expect(verdict(body)).toStrictEqual(schemaVerdict(body));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses bodies that are not objects', () => {
    for (const body of [undefined, null, 'partner', 3, [valid]]) expect(verdict(body)).toEqual({ ok: false });
  });
});
