import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/**
 * The fields of GET /api/invoices: the contract's Invoice, newest bill first. The base query joins the invoice's
 * company, so a caller with several companies can tell, filter and sort the bills by company (decision 0056).
 */
export const invoicesResource = defineODataResource<Database, 'invoices' | 'companies'>()({
  name: 'invoices',
  fields: {
    billDate: { type: 'date', column: 'invoices.bill_date' },
    invoiceNumber: { type: 'string', column: 'invoices.invoice_number' },
    calls: { type: 'number', column: 'invoices.calls' },
    duration: { type: 'number', column: 'invoices.duration' },
    bytes: { type: 'number', column: 'invoices.bytes' },
    fixedCharges: { type: 'number', column: 'invoices.fixed_charges' },
    invoiceAmount: { type: 'number', column: 'invoices.invoice_amount' },
    // File handles for the download call: shown, not searched or sorted.
    webDataPhysicalLocation: {
      type: 'string',
      column: 'invoices.web_data_physical_location',
      filterable: false,
      sortable: false,
    },
    pdfFileName: { type: 'string', column: 'invoices.pdf_file_name', filterable: false, sortable: false },
    cdrFileName: { type: 'string', column: 'invoices.cdr_file_name', filterable: false, sortable: false },
    companyId: { type: 'number', column: 'invoices.company_id' },
    companyName: { type: 'string', column: 'companies.name' },
  },
  key: 'invoices.id',
  defaultOrder: [{ field: 'billDate', direction: 'desc' }],
});
