import {
  IdParamSchema,
  InvoiceChartPointSchema,
  InvoiceDownloadQuerySchema,
  InvoiceSchema,
  ODataQuerySchema,
  odataList,
  UnbilledCallsSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../auth/route-access.js';
import { recordEvent } from '../../db/audit.js';
import { errorResponses, type HttpError, notFound } from '../../http/errors.js';
import { runODataList } from '../../odata/index.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { filesDir, LocalFileStorage } from '../../storage/local-file-storage.js';
import { findDownloadTarget } from './downloadable-file.js';
import { attachmentDisposition } from './files/content-disposition.js';
import { invoiceFile } from './files/invoice-files.js';
import { CHART_MONTHS, type ChartMeasure, invoiceChart } from './invoice-charts.js';
import { invoicesInEstate } from './invoice-scope.js';
import { invoicesResource } from './invoices-resource.js';
import { unbilledCallCount } from './unbilled-calls.js';

const viewBills = { anyOf: [{ code: 'ViewMyBills', accessType: 'Read' }] } as const;
/** Either file permission lets the caller in; the handler then checks the one the requested file needs. */
const downloadFiles = {
  anyOf: [
    { code: 'DownloadBill', accessType: 'Read' },
    { code: 'DownloadCDRs', accessType: 'Read' },
  ],
} as const;

const CHARTS: ReadonlyArray<[path: string, measure: ChartMeasure, what: string]> = [
  ['callsChart', 'calls', 'calls'],
  ['durationChart', 'duration', 'duration in seconds'],
  ['costChart', 'cost', 'invoice amount in pounds'],
];
const ChartQuery = z.object({ companyId: IdParamSchema.optional() });

const BinaryFile = z.string().meta({ format: 'binary' });

export type InvoiceRoutesOptions = {
  /** Where produced bill files are kept; by default a folder under DATA_DIR. */
  storage?: FileStorage;
};

/** My Bills: the invoice list, its charts, unbilled calls and the bill and call-detail files. */
export const invoiceRoutes: FastifyPluginAsyncZod<InvoiceRoutesOptions> = async (app, options) => {
  const { db } = app.database;
  const storage = options.storage ?? new LocalFileStorage(filesDir(app.config.dataDir));

  app.get(
    '/api/invoices',
    {
      config: { access: viewBills },
      schema: {
        tags: ['invoices'],
        summary:
          "The invoices of the caller's companies, newest first (OData: $select, $filter, $orderby, $top, $skip, " +
          '$count; $filter=companyId eq … for one company)',
        querystring: ODataQuerySchema,
        response: { 200: odataList(InvoiceSchema.partial()), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      runODataList({
        db,
        baseQuery: invoicesInEstate(db, principalOf(request)),
        resource: invoicesResource,
        options: request.query,
      }),
  );

  for (const [path, measure, what] of CHARTS) {
    app.get(
      `/api/invoices/${path}`,
      {
        config: { access: viewBills },
        schema: {
          tags: ['invoices'],
          summary: `Bill ${what} per bill month, the latest ${CHART_MONTHS} months, oldest first (optionally one company's)`,
          querystring: ChartQuery,
          response: { 200: odataList(InvoiceChartPointSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({
        value: await invoiceChart(db, principalOf(request), measure, request.query.companyId),
      }),
    );
  }

  app.get(
    '/api/invoices/unbilledCalls',
    {
      config: { access: viewBills },
      schema: {
        tags: ['invoices'],
        summary: "Voice calls on the caller's lines that are not on an invoice yet",
        response: { 200: UnbilledCallsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ value: await unbilledCallCount(db, principalOf(request)) }),
  );

  app.get(
    '/api/invoices/download',
    {
      config: { access: downloadFiles },
      // Before validation, which would answer 400 to a NUL: every refused download looks the same from outside.
      onRequest: async (request) => {
        const query = request.query as Record<string, unknown>;
        if (Object.values(query).some((value) => typeof value === 'string' && !isStorableText(value))) {
          throw await refuseDownload(request, 'not valid text');
        }
      },
      schema: {
        tags: ['invoices'],
        summary:
          "An invoice's bill (PDF, needs DownloadBill Read) or call-detail file (CSV, needs DownloadCDRs Read), " +
          'named by the location and file name the invoice list gives',
        querystring: InvoiceDownloadQuerySchema,
        response: {
          200: {
            description: 'The file, as an attachment',
            content: { 'application/pdf': { schema: BinaryFile }, 'text/csv': { schema: BinaryFile } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { webDataPhysicalLocation, fileName } = request.query;
      const target = await findDownloadTarget(db, principal, webDataPhysicalLocation, fileName);
      if (!target) throw await refuseDownload(request, 'no file of an invoice in the estate matches');
      const file = await invoiceFile(
        { db, storage },
        { ...target, actor: { userId: principal.userId, requestId: request.id } },
      );
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.sizeBytes)
          .header('content-disposition', attachmentDisposition(target.fileName))
          .header('cache-control', 'private')
          // The 200 schema documents a binary body for OpenAPI; the type provider reads it as a string.
          .send(file.content as unknown as string)
      );
    },
  );
};

/**
 * A download that matches nothing the caller may have: logged and recorded (someone may be probing), then answered
 * exactly like a file that does not exist.
 */
async function refuseDownload(request: FastifyRequest, reason: string): Promise<HttpError> {
  const userId = principalOf(request).userId;
  const query = request.query as Record<string, unknown>;
  const asked = {
    webDataPhysicalLocation: printable(query.webDataPhysicalLocation),
    fileName: printable(query.fileName),
  };
  request.log.warn({ userId, ...asked, reason }, 'invoice file download refused');
  await recordEvent(request.server.database.db, {
    action: 'invoice.download_refused',
    actor: { userId, requestId: request.id },
    details: { ...asked, reason },
  });
  return notFound('No such file', { code: 'file_not_found' });
}

const LONE_SURROGATE = /\p{Cs}/u;

/** PostgreSQL text (and jsonb) holds neither NUL nor a lone surrogate. */
function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The asked-for value as the audit log can hold it: NULs shown escaped, lone surrogates replaced, length capped. */
function printable(value: unknown): string | null {
  if (typeof value !== 'string') return value === undefined ? null : JSON.stringify(value).slice(0, 500);
  return value
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replaceAll('\u0000', '\\u0000')
    .slice(0, 500);
}
