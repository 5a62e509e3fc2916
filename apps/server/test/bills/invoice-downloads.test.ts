import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS_CSV_HEADER } from '../../src/modules/bills/files/calls-csv.js';
import { bearer, changesHeard, signIn } from '../support/test-app.js';
import { testEngines } from '../support/test-databases.js';
import { useEngineApp } from './engine-app.js';

// The files on disk, under DATA_DIR/files; test/storage/shared-files.test.ts shows a bill kept in the database.
describe.each(testEngines())('invoice file downloads on $name', (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bill-files-'));
  const filesDir = path.join(dataDir, 'files');
  const context = useEngineApp(engine, { demoData: true, env: () => ({ DATA_DIR: dataDir, FILE_STORAGE: 'local' }) });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  type InvoiceRow = {
    id: number;
    invoice_number: string;
    web_data_physical_location: string;
    pdf_file_name: string;
    cdr_file_name: string;
  };

  const tokens: Record<string, string> = {};
  let acme: InvoiceRow[] = [];
  let globex: InvoiceRow;

  async function invoicesOf(companyName: string): Promise<InvoiceRow[]> {
    return context.database.db
      .selectFrom('invoices')
      .innerJoin('companies', 'companies.id', 'invoices.company_id')
      .select([
        'invoices.id',
        'invoices.invoice_number',
        'invoices.web_data_physical_location',
        'invoices.pdf_file_name',
        'invoices.cdr_file_name',
      ])
      .where('companies.name', '=', companyName)
      .orderBy('invoices.bill_date', 'desc')
      .execute();
  }

  beforeAll(async () => {
    for (const user of ['acme.admin', 'acme.finance', 'globex.admin']) {
      tokens[user] = (await signIn(context.app, user)).accessToken;
    }
    acme = await invoicesOf('Acme Logistics Ltd');
    globex = (await invoicesOf('Globex Engineering Ltd'))[0]!;
  });

  function download(token: string, webDataPhysicalLocation: string, fileName: string) {
    return context.app.inject({
      method: 'GET',
      url: '/api/invoices/download',
      query: { webDataPhysicalLocation, fileName },
      headers: bearer(token),
    });
  }

  const countFiles = async () =>
    Number(
      (
        await context.database.db
          .selectFrom('invoice_files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const refusals = async () =>
    context.database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'after'])
      .where('action', '=', 'invoice.download_refused')
      .orderBy('id')
      .execute();

  describe('GET /api/invoices/download refuses, as 404, anything but a file of an invoice in the estate', () => {
    it('path tricks, other companies’ files and wrong names: 404, logged, nothing read or produced', async () => {
      const own = acme[0]!;
      const location = own.web_data_physical_location;
      const attempts: Array<[location: string, fileName: string]> = [
        [location, '../../etc/passwd'],
        ['..', '..'],
        ['../../../etc', 'passwd'],
        [`${location}/..`, own.pdf_file_name],
        [`/${location}`, own.pdf_file_name],
        ['/etc', 'passwd'],
        [location, '/etc/passwd'],
        [location, path.join(filesDir, 'invoices', String(own.id), 'bill.pdf')],
        [location.replaceAll('/', '\\'), own.pdf_file_name],
        [location, `..\\..\\${own.pdf_file_name}`],
        [location, `%2e%2e%2f${own.pdf_file_name}`],
        [encodeURIComponent(location), own.pdf_file_name],
        [location, own.pdf_file_name.toLowerCase()],
        [location, ` ${own.pdf_file_name}`],
        [`${location}/`, own.pdf_file_name],
        [location, 'bill.pdf'],
        [location, 'calls.csv'],
        [location, acme[1]!.pdf_file_name],
        [globex.web_data_physical_location, globex.pdf_file_name],
        [globex.web_data_physical_location, own.pdf_file_name],
      ];
      for (const [webDataPhysicalLocation, fileName] of attempts) {
        const response = await download(tokens['acme.admin']!, webDataPhysicalLocation, fileName);
        expect(response.statusCode, `${webDataPhysicalLocation} ${fileName}`).toBe(404);
        expect(response.json()).toMatchObject({ statusCode: 404, code: 'file_not_found', message: 'No such file' });
      }

      // Encodings that the query parser itself decodes: '..' and '/' spelt in percent escapes, and a NUL.
      const rawUrls = [
        `webDataPhysicalLocation=%2e%2e%2f%2e%2e&fileName=%2e%2e%2fetc%2fpasswd`,
        `webDataPhysicalLocation=${encodeURIComponent(location)}&fileName=%252e%252e%252fpasswd`,
        `webDataPhysicalLocation=${encodeURIComponent(location)}&fileName=${encodeURIComponent(own.pdf_file_name)}%00.txt`,
        `webDataPhysicalLocation=${encodeURIComponent(location)}%00&fileName=${encodeURIComponent(own.pdf_file_name)}`,
      ];
      for (const query of rawUrls) {
        const response = await context.app.inject({
          method: 'GET',
          url: `/api/invoices/download?${query}`,
          headers: bearer(tokens['acme.admin']!),
        });
        expect(response.statusCode, query).toBe(404);
        expect(response.json()).toMatchObject({ code: 'file_not_found' });
      }

      expect(await countFiles()).toBe(0);
      expect(existsSync(filesDir)).toBe(false);
      const recorded = await refusals();
      expect(recorded).toHaveLength(attempts.length + rawUrls.length);
      expect(recorded[0]?.after).toMatchObject({ webDataPhysicalLocation: location, fileName: '../../etc/passwd' });
      expect(recorded.at(-1)?.after).toMatchObject({ webDataPhysicalLocation: `${location}\\u0000` });
    });

    it("keeps Globex out of Acme's files and Acme out of Globex's", async () => {
      const own = acme[0]!;
      const intoAcme = await download(tokens['globex.admin']!, own.web_data_physical_location, own.pdf_file_name);
      expect(intoAcme.statusCode).toBe(404);
      const intoGlobex = await download(
        tokens['acme.finance']!,
        globex.web_data_physical_location,
        globex.cdr_file_name,
      );
      expect(intoGlobex.statusCode).toBe(404);
      expect(await countFiles()).toBe(0);
    });

    it('gives the call-detail file only with DownloadCDRs Read, and the bill only with DownloadBill Read', async () => {
      const { db } = context.database;
      const own = acme[0]!;
      const finance = await db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'acme.finance')
        .executeTakeFirstOrThrow();
      const grantOf = (code: string) =>
        db.selectFrom('functionality').select('id').where('code', '=', code).where('access_type', '=', 'Read');
      for (const [withheld, fileName] of [
        ['DownloadCDRs', own.cdr_file_name],
        ['DownloadBill', own.pdf_file_name],
      ] as const) {
        const removed = await db
          .deleteFrom('user_functionality')
          .where('user_id', '=', finance.id)
          .where('functionality_id', 'in', grantOf(withheld))
          .returning('functionality_id')
          .executeTakeFirstOrThrow();
        await changesHeard(context.app);
        try {
          const response = await download(tokens['acme.finance']!, own.web_data_physical_location, fileName);
          expect(response.statusCode, withheld).toBe(404);
        } finally {
          await db
            .insertInto('user_functionality')
            .values({ user_id: finance.id, ...removed })
            .execute();
          await changesHeard(context.app);
        }
      }
      expect(await countFiles()).toBe(0);
    });
  });

  describe('GET /api/invoices/download serves the bill files', () => {
    it('produces the PDF on the first download, stores it once and records it', async () => {
      const own = acme[0]!;
      const response = await download(tokens['acme.finance']!, own.web_data_physical_location, own.pdf_file_name);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${own.pdf_file_name}"`);
      expect(response.headers['cache-control']).toBe('private');
      const body = response.rawPayload;
      expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(Number(response.headers['content-length'])).toBe(body.length);
      // Object dictionaries stay uncompressed: the 80 Acme lines need more than one A4 page.
      expect(body.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThan(1);
      // The document information (title, bill date as creation date) is stored uncompressed too.
      expect(body.toString('latin1')).toContain(`(Invoice ${own.invoice_number})`);

      const rows = await context.database.db.selectFrom('invoice_files').selectAll().execute();
      expect(rows).toEqual([
        expect.objectContaining({
          invoice_id: own.id,
          kind: 'pdf',
          file_name: own.pdf_file_name,
          storage_key: `invoices/${own.id}/bill.pdf`,
          content_type: 'application/pdf',
          size_bytes: body.length,
          sha256: createHash('sha256').update(body).digest('hex'),
        }),
      ]);
      const stored = await readFile(path.join(filesDir, 'invoices', String(own.id), 'bill.pdf'));
      expect(stored.equals(body)).toBe(true);

      const audit = await context.database.db
        .selectFrom('audit_log')
        .innerJoin('users', 'users.id', 'audit_log.actor_user_id')
        .select(['users.user_name', 'audit_log.operation'])
        .where('audit_log.table_name', '=', 'invoice_files')
        .execute();
      expect(audit).toEqual([{ user_name: 'acme.finance', operation: 'INSERT' }]);
    });

    it('serves the stored file later, and produces the same bytes again if it has gone missing', async () => {
      const own = acme[0]!;
      const before = await context.database.db.selectFrom('invoice_files').selectAll().executeTakeFirstOrThrow();

      const again = await download(tokens['acme.admin']!, own.web_data_physical_location, own.pdf_file_name);
      expect(again.statusCode).toBe(200);
      expect(createHash('sha256').update(again.rawPayload).digest('hex')).toBe(before.sha256);
      expect(await context.database.db.selectFrom('invoice_files').selectAll().execute()).toEqual([before]);

      await rm(path.join(filesDir, before.storage_key));
      const reproduced = await download(tokens['acme.admin']!, own.web_data_physical_location, own.pdf_file_name);
      expect(reproduced.statusCode).toBe(200);
      expect(createHash('sha256').update(reproduced.rawPayload).digest('hex')).toBe(before.sha256);
      expect(existsSync(path.join(filesDir, before.storage_key))).toBe(true);
      expect(await context.database.db.selectFrom('invoice_files').selectAll().execute()).toEqual([before]);
    });

    it('agrees with itself when first downloads race', async () => {
      // Several invoices at once, six requests each: enough that two inserts of one file's row are under way together.
      for (const own of [acme[1]!, acme[2]!, acme[3]!]) {
        const responses = await Promise.all(
          [1, 2, 3, 4, 5, 6].map(() =>
            download(tokens['acme.admin']!, own.web_data_physical_location, own.pdf_file_name),
          ),
        );
        const hashes = new Set(responses.map((r) => createHash('sha256').update(r.rawPayload).digest('hex')));
        expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
        expect(hashes.size).toBe(1);
        const rows = await context.database.db
          .selectFrom('invoice_files')
          .select('sha256')
          .where('invoice_id', '=', own.id)
          .execute();
        expect(rows).toEqual([{ sha256: [...hashes][0] }]);
      }
    });

    it('gives the call-detail file as CSV whose rows are the invoice’s records', async () => {
      const own = acme[0]!;
      const response = await download(tokens['acme.finance']!, own.web_data_physical_location, own.cdr_file_name);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${own.cdr_file_name}"`);
      const text = response.rawPayload.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = parseCsv(text.slice(1));
      expect(header).toEqual([...CALLS_CSV_HEADER]);

      const records = await context.database.db
        .selectFrom('call_detail_records as r')
        .innerJoin('endpoints as e', 'e.id', 'r.endpoint_id')
        .select([
          'r.started_at',
          'e.identifier',
          'e.name',
          'r.record_type',
          'r.destination',
          'r.dialled_number',
          'r.duration',
          'r.bytes',
          'r.cost',
        ])
        .where('r.invoice_id', '=', own.id)
        .orderBy('r.started_at')
        .orderBy('r.id')
        .execute();
      expect(records.length).toBeGreaterThan(100);
      const london = (options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options });
      const day = london({ day: '2-digit', month: '2-digit', year: 'numeric' });
      const time = london({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
      expect(rows).toEqual(
        records.map((r) => [
          day.format(r.started_at),
          time.format(r.started_at),
          r.identifier,
          r.name,
          { voice: 'Voice', sms: 'SMS', data: 'Data' }[r.record_type],
          r.destination,
          r.dialled_number ?? '',
          String(r.duration),
          String(r.bytes),
          r.cost.toFixed(4),
        ]),
      );
      expect(rows[0]?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    });

    it('names a file with characters beyond ASCII in both forms of Content-Disposition', async () => {
      const own = acme[2]!;
      const name = 'Facture “été” 2026.pdf';
      await context.database.db.updateTable('invoices').set({ pdf_file_name: name }).where('id', '=', own.id).execute();
      const response = await download(tokens['acme.admin']!, own.web_data_physical_location, name);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Facture __t__ 2026.pdf"; filename*=UTF-8''Facture%20%E2%80%9C%C3%A9t%C3%A9%E2%80%9D%202026.pdf`,
      );
    });
  });
});

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; rows end in CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
