// @vitest-environment jsdom
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { downloadInvoiceFile } from './invoice-files';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

let saved: Array<{ name: string; blob: Blob }>;
beforeEach(() => {
  saved = [];
  let blob: Blob | undefined;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (value: Blob) => {
      blob = value;
      return 'blob:bill';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) saved.push({ name: this.download, blob });
  });
});

const FILE = { webDataPhysicalLocation: 'acme/2025-03', fileName: 'INV-0003.pdf' };

describe('downloadInvoiceFile', () => {
  it('saves the answer under the name the server gives', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('http://localhost/api/invoices/download', ({ request }) => {
        query = new URL(request.url).searchParams;
        return new HttpResponse('%PDF-1.7 bill', {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Bill-0003.pdf"' },
        });
      }),
    );
    await downloadInvoiceFile(FILE);
    expect(query?.get('webDataPhysicalLocation')).toBe('acme/2025-03');
    expect(query?.get('fileName')).toBe('INV-0003.pdf');
    expect(saved.map((file) => file.name)).toEqual(['Bill-0003.pdf']);
    expect(await saved[0]?.blob.text()).toBe('%PDF-1.7 bill');
  });

  it('uses the requested name when the server gives none', async () => {
    server.use(http.get('http://localhost/api/invoices/download', () => new HttpResponse('x')));
    await downloadInvoiceFile(FILE);
    expect(saved.map((file) => file.name)).toEqual(['INV-0003.pdf']);
  });

  it('rejects with the status of a failed answer and saves nothing', async () => {
    server.use(
      http.get('http://localhost/api/invoices/download', () => HttpResponse.json({ code: 'x' }, { status: 404 })),
    );
    const error = await downloadInvoiceFile(FILE).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(saved).toEqual([]);
  });
});
