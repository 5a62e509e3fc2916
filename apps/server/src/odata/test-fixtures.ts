import { type Kysely, sql } from 'kysely';
import { openPgliteCopy } from '../../test/support/test-databases.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { defineODataResource } from './resource.js';

// Resources and scoped base queries the odata tests share. They are shaped like the real list operations
// (spec field names, a company scope) without being them; the modules define their own.

/** A copy of the run's small demo data (anchored on DEMO_ANCHOR_DAY); close() also removes it. */
export async function openDemoDatabase(): Promise<DatabaseHandle> {
  return (await openPgliteCopy('demo data')).handle;
}

export const invoicesResource = defineODataResource<Database, 'invoices'>()({
  name: 'invoices',
  fields: {
    id: { type: 'number', column: 'invoices.id' },
    companyId: { type: 'number', column: 'invoices.company_id' },
    invoiceNumber: { type: 'string', column: 'invoices.invoice_number' },
    billDate: { type: 'date', column: 'invoices.bill_date' },
    periodStart: { type: 'date', column: 'invoices.period_start' },
    calls: { type: 'number', column: 'invoices.calls' },
    duration: { type: 'number', column: 'invoices.duration' },
    bytes: { type: 'number', column: 'invoices.bytes' },
    usageCharges: { type: 'number', column: 'invoices.usage_charges' },
    fixedCharges: { type: 'number', column: 'invoices.fixed_charges' },
    invoiceAmount: { type: 'number', column: 'invoices.invoice_amount' },
    webDataPhysicalLocation: { type: 'string', column: 'invoices.web_data_physical_location', sortable: false },
    pdfFileName: { type: 'string', column: 'invoices.pdf_file_name', filterable: false },
    cdrFileName: { type: 'string', column: 'invoices.cdr_file_name', filterable: false, sortable: false },
    vat: { type: 'number', column: 'invoices.vat', selectable: false },
  },
  key: 'invoices.id',
  defaultOrder: [{ field: 'billDate', direction: 'desc' }],
  defaultSelect: [
    'billDate',
    'invoiceNumber',
    'calls',
    'duration',
    'bytes',
    'fixedCharges',
    'invoiceAmount',
    'webDataPhysicalLocation',
    'pdfFileName',
    'cdrFileName',
  ],
});

export const scopedInvoices = (db: Kysely<Database>, companyId: number) =>
  db.selectFrom('invoices').where('invoices.company_id', '=', companyId);

export type EndpointsContext = { db: Kysely<Database>; loads: number[][] };

export const endpointsResource = defineODataResource<Database, 'endpoints' | 'sites', EndpointsContext>()({
  name: 'endpoints',
  fields: {
    id: { type: 'number', column: 'endpoints.id' },
    companyId: { type: 'number', column: 'endpoints.company_id' },
    name: { type: 'string', column: 'endpoints.name' },
    identifier: { type: 'string', column: 'endpoints.identifier' },
    endPointTypeId: { type: 'number', column: 'endpoints.endpoint_type_id' },
    product: { type: 'string', column: 'endpoints.product' },
    siteId: { type: 'number', column: 'endpoints.site_id', nullable: true },
    siteName: { type: 'string', column: 'sites.name', nullable: true },
    supplierId: { type: 'number', column: 'endpoints.supplier_id', nullable: true },
    carrierId: { type: 'number', column: 'endpoints.carrier_id', nullable: true },
    isMobile: { type: 'boolean', expression: sql<boolean>`${sql.ref('endpoints.endpoint_type_id')} = 1` },
    teamCount: {
      type: 'number',
      expression: sql<number>`(select count(*) from team_endpoints where team_endpoints.endpoint_id = ${sql.ref('endpoints.id')})`,
    },
    createdAt: { type: 'datetime', column: 'endpoints.created_at' },
  },
  key: 'endpoints.id',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  expansions: {
    teams: {
      load: async (keys, context) => {
        context.loads.push(keys.map(Number));
        const rows = await context.db
          .selectFrom('team_endpoints')
          .innerJoin('teams', 'teams.id', 'team_endpoints.team_id')
          .select(['team_endpoints.endpoint_id', 'teams.id', 'teams.name'])
          .where('team_endpoints.endpoint_id', 'in', keys.map(Number))
          .orderBy('teams.name')
          .execute();
        const byEndpoint = new Map<number, { id: number; name: string }[]>();
        for (const row of rows) {
          const list = byEndpoint.get(row.endpoint_id) ?? [];
          list.push({ id: row.id, name: row.name });
          byEndpoint.set(row.endpoint_id, list);
        }
        return byEndpoint;
      },
    },
  },
});

export const scopedEndpoints = (db: Kysely<Database>, companyId: number) =>
  db
    .selectFrom('endpoints')
    .leftJoin('sites', 'sites.id', 'endpoints.site_id')
    .where('endpoints.company_id', '=', companyId);
