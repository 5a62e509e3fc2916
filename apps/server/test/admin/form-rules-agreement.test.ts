import {
  type AccessType,
  codesWithRead,
  MAX_LENGTH,
  NewAddressSchema,
  SiteSaveSchema,
  TeamSaveSchema,
  tickWithoutRead,
  UserSaveSchema,
} from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { useDemoApp } from '../support/test-app.js';
import { caller, type ErrorBody, profileIdOf, siteWithDevice } from './admin-support.js';

/*
 * One rule, one place: the user, site and team forms check their fields with the save's own schemas from the
 * contract (the web app's tests show the forms' fields are those schemas), and the functionality tab keeps the
 * contract's tick rule. Here generated values show that the server's answer agrees with that check on every one.
 * Text fields go with a body the server refuses anyway (a company id of 0), so nothing is written: the answer names
 * the field exactly when the form's check refuses the value.
 */
const context = useDemoApp();
const db = () => context.database.db;
const call = caller(() => context.app);
const RUNS = { numRuns: 80 };

/** Texts about a field's edges: blank, padded, at and past its length, other scripts and control characters. */
function texts(max: number) {
  const unit = fc.constantFrom('a', 'Z', '7', '.', '_', '-', '@', ' ', '\t', 'é', '\u0456', '\u200b', ',', '+');
  return fc.oneof(
    fc.string({ unit, maxLength: max + 3 }),
    fc.constantFrom('', '   ', ` ${'x'.repeat(max)} `, 'x'.repeat(max + 1)),
    fc.emailAddress().map((address) => address.slice(0, max + 2)),
  );
}

const refuses = (schema: z.ZodType, value: string) => !schema.safeParse(value).success;

async function namedFields(method: 'POST', url: string, body: Record<string, unknown>): Promise<string[]> {
  const response = await call('acme.admin', method, url, body);
  expect(response.statusCode, response.body).toBe(400);
  return ((response.json() as ErrorBody).details ?? []).map((detail) => detail.field);
}

describe('the admin forms’ field rules (property)', () => {
  const user = { profileId: 0, functionalityIds: [], userName: 'agreement.user', emailAddress: 'a@example.co.uk' };
  const fields = [
    { form: 'user', field: 'userName', max: MAX_LENGTH.username, schema: UserSaveSchema.shape.userName },
    { form: 'user', field: 'emailAddress', max: MAX_LENGTH.email, schema: UserSaveSchema.shape.emailAddress },
    { form: 'site', field: 'name', max: MAX_LENGTH.name, schema: SiteSaveSchema.shape.name },
    { form: 'team', field: 'name', max: MAX_LENGTH.name, schema: TeamSaveSchema.shape.name },
  ] as const;
  for (const { form, field, max, schema } of fields) {
    it(`answers 400 naming ${form} ${field} exactly for the values the form refuses`, async () => {
      const url = { user: '/api/users', site: '/api/sites', team: '/api/teams' }[form];
      const base = form === 'user' ? user : { name: 'Agreement', companyId: 0 };
      await fc.assert(
        fc.asyncProperty(texts(max), async (value) => {
          const named = await namedFields('POST', url, { ...base, [field]: value });
          expect(named.includes(field), JSON.stringify(value)).toBe(refuses(schema, value));
        }),
        RUNS,
      );
    });
  }

  for (const [field, { max }] of Object.entries({
    line1: { max: MAX_LENGTH.addressLine },
    line3: { max: MAX_LENGTH.addressLine },
    town: { max: MAX_LENGTH.town },
    postCode: { max: MAX_LENGTH.postCode },
  })) {
    it(`answers 400 naming newAddress.${field} exactly for the values the site form refuses`, async () => {
      const address = { line1: 'Unit 4', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS1 4AP' };
      const schema = NewAddressSchema.shape[field as keyof typeof NewAddressSchema.shape];
      await fc.assert(
        fc.asyncProperty(texts(max), async (value) => {
          const newAddress = { ...address, [field]: value };
          const named = await namedFields('POST', '/api/sites', { name: 'Agreement', companyId: 0, newAddress });
          expect(named.includes(`newAddress.${field}`), JSON.stringify(value)).toBe(refuses(schema, value));
        }),
        RUNS,
      );
    });
  }
});

describe('the functionality tick rule (property)', () => {
  it('answers needs_read exactly for the selections the contract’s rule refuses', async () => {
    const catalogue = (
      await db().selectFrom('functionality').select(['id', 'code', 'access_type as accessType']).execute()
    ).map((entry) => ({ ...entry, accessType: entry.accessType as AccessType }));
    const withRead = codesWithRead(catalogue);
    const { siteId } = await siteWithDevice(db(), 'Acme Logistics Ltd');
    const profileId = await profileIdOf(db(), 'Site Manager');
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(fc.subarray(catalogue, { maxLength: 8 }), async (chosen) => {
        const response = await call('acme.admin', 'POST', '/api/users', {
          userName: `ticks.${saved++}`,
          emailAddress: 'ticks@example.co.uk',
          profileId,
          functionalityIds: chosen.map((entry) => entry.id),
          sites: [{ id: siteId }],
        });
        const rules = response.statusCode === 400 ? (response.json() as ErrorBody).details?.map((d) => d.rule) : [];
        const refused = tickWithoutRead(chosen, withRead) !== undefined;
        expect(rules?.includes('needs_read') ?? false, `${JSON.stringify(chosen)}: ${response.body}`).toBe(refused);
      }),
      { numRuns: 40 },
    );
  });
});
