import { z } from 'zod';
import { anyOf } from '../access';
import { ApiErrorSchema, BinaryFileSchema, odataList } from '../api';
import {
  InvoiceChartPointSchema,
  InvoiceDownloadQuerySchema,
  InvoiceSchema,
  UnbilledCallsSchema,
} from '../entities/invoices';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';
import { idParam } from '../params';

const viewBills = anyOf('Read', 'ViewMyBills');
/** All the caller's companies, or one of them (a company outside the estate gives nothing); charts give a point
 * per company and bill month. */
const CompanyQuerySchema = z.object({ companyId: idParam('company').optional() });
const CHART_POINTS = odataList(InvoiceChartPointSchema);

// My Bills: the invoice list, its charts, unbilled calls and the bill and call-detail files.

export const list = operation({
  method: 'GET',
  path: '/api/invoices',
  summary:
    "The invoices of the caller's companies, newest first (OData: $select, $filter, $orderby, $top, $skip, " +
    '$count; $filter=companyId eq … for one company)',
  access: viewBills,
  query: ODataQuerySchema,
  response: odataList(InvoiceSchema.partial()),
});

export const callsChart = operation({
  method: 'GET',
  path: '/api/invoices/callsChart',
  summary: 'Bill calls per company and bill month, the latest 12 months, oldest first (optionally one company’s)',
  access: viewBills,
  query: CompanyQuerySchema,
  response: CHART_POINTS,
});

export const durationChart = operation({
  method: 'GET',
  path: '/api/invoices/durationChart',
  summary:
    'Bill duration in seconds per company and bill month, the latest 12 months, oldest first (optionally one company’s)',
  access: viewBills,
  query: CompanyQuerySchema,
  response: CHART_POINTS,
});

export const costChart = operation({
  method: 'GET',
  path: '/api/invoices/costChart',
  summary:
    'Invoice amount in pounds per company and bill month, the latest 12 months, oldest first (optionally one company’s)',
  access: viewBills,
  query: CompanyQuerySchema,
  response: CHART_POINTS,
});

export const unbilledCalls = operation({
  method: 'GET',
  path: '/api/invoices/unbilledCalls',
  summary: "Voice calls on the caller's lines that are not on an invoice yet (optionally one company’s lines)",
  access: viewBills,
  query: CompanyQuerySchema,
  response: UnbilledCallsSchema,
});

export const download = operation({
  method: 'GET',
  path: '/api/invoices/download',
  summary:
    "An invoice's bill (PDF, needs DownloadBill Read) or call-detail file (CSV, needs DownloadCDRs Read), " +
    'named by the location and file name the invoice list gives',
  // Either file permission lets the caller in; the handler then checks the one the requested file needs.
  access: anyOf('Read', 'DownloadBill', 'DownloadCDRs'),
  query: InvoiceDownloadQuerySchema,
  response: BinaryFileSchema,
  download: { mediaTypes: ['application/pdf', 'text/csv'] },
  // A file the caller may not have is answered as one that does not exist.
  errors: { 404: ApiErrorSchema },
});
