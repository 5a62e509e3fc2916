import {
  PARTNER_LOGO_UPLOAD,
  PartnerBrandingSchema,
  type PartnerContactsSettings,
  PartnerContactsSettingsSchema,
  PartnerSchema,
  PartnerSettingsSchema,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../fault-reports/fault-fixtures.js';
import { bearer, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';

// The reseller's console (decision 0218): partner staff change their own partner's branding, contacts and settings.
const context = useDemoApp();
const db = () => context.database.db;
let northwind: SignedIn;
let brightwave: SignedIn;
let customer: SignedIn;
let northwindId: number;
let brightwaveId: number;

beforeAll(async () => {
  [northwind, brightwave, customer] = await Promise.all([
    signIn(context.app, 'northwind.staff'),
    signIn(context.app, 'brightwave.staff'),
    signIn(context.app, 'acme.admin'),
  ]);
  const partnerOf = async (userName: string) =>
    (await db().selectFrom('users').select('partner_id').where('user_name', '=', userName).executeTakeFirstOrThrow())
      .partner_id;
  northwindId = await partnerOf('northwind.staff');
  brightwaveId = await partnerOf('brightwave.staff');
  expect(await partnerOf('acme.admin')).toBe(northwindId);
});

const BOUNDARY = 'console-test-boundary-42';
type Part = { field?: string; name?: string; type?: string; bytes: Buffer };

/** The branding form's multipart body: the fields' JSON first, then any file parts. */
function brandingBody(fields: unknown, files: readonly Part[] = []): Buffer {
  const parts: Buffer[] = [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="report"\r\n\r\n${JSON.stringify(fields)}\r\n`),
  ];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'logo'}"; filename="${file.name ?? 'logo.png'}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const saveBranding = (session: SignedIn, fields: unknown, files: readonly Part[] = []) =>
  context.app.inject({
    method: 'POST',
    url: '/api/console/partner/branding',
    headers: { ...bearer(session.accessToken), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: brandingBody(fields, files),
  });
const saveSettings = (session: SignedIn, payload: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: '/api/console/partner/settings',
    headers: bearer(session.accessToken),
    payload: payload as Record<string, unknown>,
  });
const get = (url: string, session?: SignedIn) =>
  context.app.inject({ method: 'GET', url, headers: session ? bearer(session.accessToken) : {} });

const partnerRow = (id: number) =>
  db().selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const contactRows = (id: number) =>
  db()
    .selectFrom('partner_contacts')
    .select(['type', 'value', 'sort_order'])
    .where('partner_id', '=', id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
const logoRows = () => db().selectFrom('partner_logos').selectAll().orderBy('id').execute();
const snapshot = async (id: number) => ({ row: await partnerRow(id), contacts: await contactRows(id) });

const NORTHWIND_COLOURS = { themeCode: 'northwind', primaryColour: '#0b4f8a', secondaryColour: '#f59e0b' };

describe('branding', () => {
  it("answers the staff member's own partner's branding, and nobody else's", async () => {
    const answer = await get('/api/console/partner/branding', northwind);
    expect(answer.statusCode).toBe(200);
    expect(PartnerBrandingSchema.parse(answer.json())).toEqual({
      name: 'Northwind Communications',
      ...NORTHWIND_COLOURS,
      logoUrl: 'themes/northwind/logo.svg',
      logoUploaded: false,
    });
    expect(PartnerBrandingSchema.parse((await get('/api/console/partner/branding', brightwave)).json()).name).toBe(
      'Brightwave Telecom',
    );
    expect((await get('/api/console/partner/branding', customer)).statusCode).toBe(403);
    expect((await get('/api/console/partner/branding')).statusCode).toBe(401);
  });

  it('saves colours and a logo, audited, and the public partner answer and logo follow', async () => {
    const logo = pngImage(96, 32);
    const answer = await saveBranding(northwind, { ...NORTHWIND_COLOURS, primaryColour: '#7A1F5C' }, [{ bytes: logo }]);
    expect(answer.statusCode).toBe(200);
    const saved = PartnerBrandingSchema.parse(answer.json());
    expect(saved).toMatchObject({ primaryColour: '#7a1f5c', logoUploaded: true });
    expect(saved.logoUrl).toMatch(/^api\/partners\/logos\/\d+$/);

    // The customers' portal (signed in, and signed out with the theme cookie) answers the new branding.
    for (const request of [
      get('/api/partners/current', customer),
      context.app.inject({ method: 'GET', url: '/api/partners/current', cookies: { themeCode: 'northwind' } }),
    ]) {
      const partner = PartnerSchema.parse((await request).json());
      expect(partner).toMatchObject({ primaryColour: '#7a1f5c', secondaryColour: '#f59e0b', logoUrl: saved.logoUrl });
    }

    const served = await get(`/${saved.logoUrl}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(logo)).toBe(true);

    const [stored] = (await logoRows()).filter((row) => row.partner_id === northwindId);
    expect(stored).toMatchObject({ content_type: 'image/png', width: 96, height: 32, size_bytes: logo.length });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['table_name', 'operation', 'actor_user_id', 'before', 'after'])
      .where('request_id', '=', String(answer.headers['x-request-id']))
      .orderBy('id')
      .execute();
    const staffId = (
      await db().selectFrom('users').select('id').where('user_name', '=', 'northwind.staff').executeTakeFirstOrThrow()
    ).id;
    expect(audit.map((row) => [row.table_name, row.operation, row.actor_user_id])).toEqual([
      ['partner_logos', 'INSERT', staffId],
      ['partners', 'UPDATE', staffId],
    ]);
    expect(audit[1]?.before).toMatchObject({ primary_colour: '#0b4f8a', logo_id: null });
    expect(audit[1]?.after).toMatchObject({ primary_colour: '#7a1f5c', logo_id: stored?.id });
  });

  it('replaces a logo: the old one is gone from the rows, the storage and the public answer', async () => {
    const before = PartnerBrandingSchema.parse((await get('/api/console/partner/branding', northwind)).json());
    const [old] = (await logoRows()).filter((row) => row.partner_id === northwindId);
    expect(old).toBeDefined();
    const answer = await saveBranding(northwind, NORTHWIND_COLOURS, [{ bytes: pngImage(40, 40) }]);
    expect(answer.statusCode).toBe(200);
    const after = PartnerBrandingSchema.parse(answer.json());
    expect(after.logoUrl).not.toBe(before.logoUrl);
    expect((await get(`/${before.logoUrl}`)).statusCode).toBe(404);
    expect((await get(`/${after.logoUrl}`)).statusCode).toBe(200);
    expect((await logoRows()).filter((row) => row.partner_id === northwindId)).toHaveLength(1);
    expect(await context.app.files.uploads.exists(old?.storage_key ?? '')).toBe(false);
    // Saving colours alone keeps the logo.
    const colours = PartnerBrandingSchema.parse((await saveBranding(northwind, NORTHWIND_COLOURS)).json());
    expect(colours.logoUrl).toBe(after.logoUrl);
  });

  it('answers 404 to a logo id no partner uses, and 400 to one that is no id', async () => {
    expect((await get('/api/partners/logos/999999')).statusCode).toBe(404);
    expect((await get('/api/partners/logos/abc')).statusCode).toBe(400);
  });

  const refusals: Array<{ label: string; fields: Record<string, unknown>; field: string; rule: string }> = [
    {
      label: 'a primary colour below 4.5:1 with white',
      fields: { primaryColour: '#777777' },
      field: 'report.primaryColour',
      rule: 'contrast',
    },
    {
      label: 'a secondary colour below 4.5:1 with the white written on it',
      fields: { secondaryColour: '#ff0000' },
      field: 'report.secondaryColour',
      rule: 'contrast',
    },
    { label: 'a colour not #rrggbb', fields: { primaryColour: 'navy' }, field: 'report.primaryColour', rule: 'colour' },
    {
      label: 'a theme code with capitals',
      fields: { themeCode: 'NorthWind' },
      field: 'report.themeCode',
      rule: 'invalid_format',
    },
  ];
  it.each(refusals)('refuses $label with a 400 naming the field and rule, changing nothing', async (refusal) => {
    const before = await snapshot(northwindId);
    const logos = await logoRows();
    const answer = await saveBranding(northwind, { ...NORTHWIND_COLOURS, ...refusal.fields }, [
      { bytes: pngImage(32, 32) },
    ]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([
      expect.objectContaining({ field: refusal.field, rule: refusal.rule, message: expect.any(String) }),
    ]);
    expect(await snapshot(northwindId)).toEqual(before);
    expect(await logoRows()).toEqual(logos);
  });

  it("refuses another partner's theme code with a 409", async () => {
    const answer = await saveBranding(northwind, { ...NORTHWIND_COLOURS, themeCode: 'brightwave' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().details).toEqual([expect.objectContaining({ field: 'themeCode', rule: 'unique' })]);
  });

  const tooLarge = Buffer.concat([pngImage(32, 32), Buffer.alloc(PARTNER_LOGO_UPLOAD.maxBytes, 0x5a)]);
  const imageRefusals: Array<{ label: string; files: Part[]; status: number; field: string; rule: string }> = [
    {
      label: 'HTML sent as a PNG',
      files: [{ bytes: Buffer.from('<!doctype html><script>alert(1)</script>') }],
      status: 415,
      field: 'logo',
      rule: 'image',
    },
    {
      label: 'an SVG (a script may ride in one)',
      files: [
        {
          name: 'logo.svg',
          type: 'image/svg+xml',
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
      ],
      status: 415,
      field: 'logo',
      rule: 'image',
    },
    { label: 'a file over 512 kB', files: [{ bytes: tooLarge }], status: 413, field: 'logo', rule: 'max_total_bytes' },
    {
      label: 'an image under 16 pixels high',
      files: [{ bytes: pngImage(64, 8) }],
      status: 400,
      field: 'logo',
      rule: 'dimensions',
    },
    {
      label: 'an image over 2,048 pixels wide',
      files: [{ bytes: pngImage(2049, 16) }],
      status: 400,
      field: 'logo',
      rule: 'dimensions',
    },
    {
      label: 'two logos',
      files: [{ bytes: pngImage(32, 32) }, { bytes: pngImage(33, 33) }],
      status: 400,
      field: 'logo',
      rule: 'max_files',
    },
    {
      label: 'a file under another name',
      files: [{ field: 'traceRouteImages', bytes: pngImage(32, 32) }],
      status: 400,
      field: 'traceRouteImages',
      rule: 'unexpected_part',
    },
  ];
  it.each(imageRefusals)('refuses $label, storing nothing', async (refusal) => {
    const before = await snapshot(northwindId);
    const logos = await logoRows();
    const answer = await saveBranding(northwind, { ...NORTHWIND_COLOURS, primaryColour: '#123456' }, refusal.files);
    expect(answer.statusCode).toBe(refusal.status);
    expect(answer.json().details).toEqual([expect.objectContaining({ field: refusal.field, rule: refusal.rule })]);
    expect(await snapshot(northwindId)).toEqual(before);
    expect(await logoRows()).toEqual(logos);
    // Every logo file left is one a row names (in the database's storage, which lists its files).
    if (context.app.files.kind === 'database') {
      const files = await db()
        .selectFrom('stored_files')
        .select('key')
        .where('key', 'like', 'partner-logos/%')
        .orderBy('key')
        .execute();
      expect(files.map((file) => file.key)).toEqual(logos.map((logo) => logo.storage_key).sort());
    }
  });
});

const NEW_SETTINGS: PartnerContactsSettings = {
  contacts: [
    { type: 'Email', value: 'help@northwind-comms.co.uk' },
    { type: 'Customer Services', value: '0161 496 0000' },
  ],
  line1: 'Northwind House',
  line2: '14 Granby Row',
  line3: '',
  town: 'Manchester',
  county: '',
  postCode: 'M1 7AR',
  privacyPolicyUrl: 'https://www.northwind-comms.co.uk/privacy-2027',
  showContractEndDate: false,
  passwordExpiryDays: 0,
};

describe('contacts and settings', () => {
  it("answers the staff member's own partner's, and saves them in one audited transaction", async () => {
    const current = PartnerContactsSettingsSchema.parse((await get('/api/console/partner/settings', northwind)).json());
    expect(current).toMatchObject({ town: 'Manchester', showContractEndDate: true, passwordExpiryDays: 0 });
    expect(current.contacts[0]).toEqual({ type: 'Customer Services', value: '0161 496 0000' });

    const answer = await saveSettings(northwind, NEW_SETTINGS);
    expect(answer.statusCode).toBe(200);
    expect(PartnerContactsSettingsSchema.parse(answer.json())).toEqual(NEW_SETTINGS);
    const row = await partnerRow(northwindId);
    expect(row).toMatchObject({ line2: '14 Granby Row', line3: null, county: null, password_expiry_days: null });

    const partner = PartnerSchema.parse((await get('/api/partners/current', customer)).json());
    expect(partner.partnerContacts).toEqual(NEW_SETTINGS.contacts);
    expect(partner).toMatchObject({ line2: '14 Granby Row', privacyPolicyUrl: NEW_SETTINGS.privacyPolicyUrl });
    expect(partner.county).toBeUndefined();
    expect(PartnerSettingsSchema.parse((await get('/api/partners/current/settings', customer)).json())).toEqual({
      showContractEndDate: false,
    });

    const audit = await db()
      .selectFrom('audit_log')
      .select(['table_name', 'operation'])
      .where('request_id', '=', String(answer.headers['x-request-id']))
      .execute();
    const count = (table: string, operation: string) =>
      audit.filter((entry) => entry.table_name === table && entry.operation === operation).length;
    expect(count('partners', 'UPDATE')).toBe(1);
    expect(count('partner_contacts', 'DELETE')).toBe(4);
    expect(count('partner_contacts', 'INSERT')).toBe(2);

    const expiring = await saveSettings(northwind, { ...NEW_SETTINGS, passwordExpiryDays: 365 });
    expect(PartnerContactsSettingsSchema.parse(expiring.json()).passwordExpiryDays).toBe(365);
    expect((await partnerRow(northwindId)).password_expiry_days).toBe(365);
  });

  const refusals: Array<{
    label: string;
    change: Partial<Record<keyof PartnerContactsSettings, unknown>>;
    field: string;
  }> = [
    { label: 'password expiry over a year', change: { passwordExpiryDays: 366 }, field: 'passwordExpiryDays' },
    { label: 'negative password expiry', change: { passwordExpiryDays: -1 }, field: 'passwordExpiryDays' },
    { label: 'password expiry in part days', change: { passwordExpiryDays: 1.5 }, field: 'passwordExpiryDays' },
    {
      label: 'a privacy policy over http',
      change: { privacyPolicyUrl: 'http://example.co.uk/p' },
      field: 'privacyPolicyUrl',
    },
    {
      label: 'a javascript: privacy policy',
      change: { privacyPolicyUrl: 'javascript:alert(1)' },
      field: 'privacyPolicyUrl',
    },
    { label: 'a blank town', change: { town: '   ' }, field: 'town' },
    {
      label: 'a contact without a type',
      change: { contacts: [{ type: ' ', value: '0161' }] },
      field: 'contacts.0.type',
    },
    {
      label: 'more than 20 contacts',
      change: { contacts: Array.from({ length: 21 }, (_, i) => ({ type: 'Phone', value: `0161 496 ${1000 + i}` })) },
      field: 'contacts',
    },
  ];
  it.each(refusals)('refuses $label with a 400 naming the field, changing nothing', async ({ change, field }) => {
    const before = await snapshot(northwindId);
    const answer = await saveSettings(northwind, { ...NEW_SETTINGS, ...change });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([expect.objectContaining({ field, rule: expect.any(String) })]);
    expect(await snapshot(northwindId)).toEqual(before);
  });
});

describe('isolation', () => {
  it("never changes Northwind's row when Brightwave's staff save, and changes Brightwave's", async () => {
    const northwindBefore = await snapshot(northwindId);
    const northwindLogos = (await logoRows()).filter((row) => row.partner_id === northwindId);

    const branded = await saveBranding(
      brightwave,
      { themeCode: 'brightwave', primaryColour: '#14532d', secondaryColour: '#e11d48' },
      [{ bytes: pngImage(48, 48) }],
    );
    expect(branded.statusCode).toBe(200);
    const settings = await saveSettings(brightwave, {
      ...NEW_SETTINGS,
      contacts: [{ type: 'Sales', value: '0117 496 0500' }],
      town: 'Bristol',
      passwordExpiryDays: 30,
    });
    expect(settings.statusCode).toBe(200);

    expect(await snapshot(northwindId)).toEqual(northwindBefore);
    expect((await logoRows()).filter((row) => row.partner_id === northwindId)).toEqual(northwindLogos);
    const brightwaveNow = await snapshot(brightwaveId);
    expect(brightwaveNow.row).toMatchObject({ primary_colour: '#14532d', password_expiry_days: 30 });
    expect(brightwaveNow.contacts).toEqual([{ type: 'Sales', value: '0117 496 0500', sort_order: 0 }]);
    // Each partner's staff see their own.
    const own = PartnerBrandingSchema.parse((await get('/api/console/partner/branding', northwind)).json());
    expect(own.primaryColour).toBe(northwindBefore.row.primary_colour);
  });
});
