import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { partners } from './catalogue.js';
import { type GenerateOptions, generateDemoData } from './generate.js';
import type { ReferenceData } from './users.js';

const reference: ReferenceData = {
  profiles: new Map(
    ['Company Administrator', 'Finance', 'Site Manager', 'Team Leader', 'Mobile User', 'Broadband User'].map(
      (name, i) => [name, { id: i + 1, level: 'Company' }],
    ),
  ),
  profileFunctionality: new Map([[1, [1, 2, 3]]]),
};
const options: GenerateOptions = {
  size: 'small',
  seed: 42,
  anchorDay: '2026-11-21',
  reference,
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
};

function fingerprint(opts: GenerateOptions): string {
  const generated = generateDemoData(opts);
  const digest = createHash('sha256');
  for (const table of generated.data.tables()) digest.update(JSON.stringify(table.rows));
  for (const record of generated.callDetailRecords()) digest.update(JSON.stringify(record));
  return digest.digest('hex');
}

describe('demo data generator', () => {
  it('gives the same rows for the same seed and anchor day', () => {
    expect(fingerprint(options)).toBe(fingerprint(options));
  });

  it('gives other rows for another seed', () => {
    expect(fingerprint({ ...options, seed: 43 })).not.toBe(fingerprint(options));
  });

  it('writes UK numbers: 07 mobiles and 01/02 landlines, never twice', () => {
    const { data } = generateDemoData(options);
    const identifiers = data.endpoints.rows.map((e) => e.identifier);
    expect(new Set(identifiers).size).toBe(identifiers.length);
    for (const endpoint of data.endpoints.rows) {
      expect(endpoint.identifier).toMatch(endpoint.endpoint_type_id === 1 ? /^07\d{9}$/ : /^0[12]\d{9}$/);
    }
  });

  it('bills up to last month and leaves the current month unbilled', () => {
    const generated = generateDemoData(options);
    const periods = [...new Set(generated.data.invoices.rows.map((i) => i.period_start))].sort();
    expect(periods).toHaveLength(24);
    expect(periods[0]).toBe('2024-11-01');
    expect(periods.at(-1)).toBe('2026-10-01');
    let unbilled = 0;
    for (const [, invoiceId, startedAt] of generated.callDetailRecords()) {
      expect((startedAt as Date).toISOString() < '2026-11-21').toBe(true);
      if (invoiceId === null) unbilled++;
    }
    expect(unbilled).toBeGreaterThan(0);
  });

  it('gives each partner its own theme code and a logo the web app serves', () => {
    expect(new Set(partners.map((p) => p.themeCode)).size).toBe(partners.length);
    for (const partner of partners) {
      const logo = new URL(
        `../../../../web/public/themes/${partner.themeCode}/${partner.logoFileName}`,
        import.meta.url,
      );
      expect(existsSync(logo), logo.pathname).toBe(true);
    }
  });
});
