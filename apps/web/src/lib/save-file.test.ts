// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNameFromContentDisposition, saveResponseAsFile } from './save-file';

describe('fileNameFromContentDisposition', () => {
  it('reads quoted, bare and RFC 5987 names, preferring the extended form', () => {
    expect(fileNameFromContentDisposition('attachment; filename="INV-0001.pdf"')).toBe('INV-0001.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=calls.csv')).toBe('calls.csv');
    expect(fileNameFromContentDisposition(`attachment; filename="Bill.pdf"; filename*=UTF-8''Bill%20%C2%A3.pdf`)).toBe(
      'Bill £.pdf',
    );
    expect(fileNameFromContentDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
  });

  it('keeps paths and control characters out, and gives up on nothing usable', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition('attachment; filename="..\\\\x.pdf"')).toBe('x.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeUndefined();
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=ok.pdf")).toBe('ok.pdf');
    expect(fileNameFromContentDisposition('attachment')).toBeUndefined();
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
  });
});

describe('saveResponseAsFile', () => {
  let clicked: Array<{ href: string; download: string; inDocument: boolean }>;
  const created = vi.fn((_blob: Blob) => 'blob:file-1');
  const revoked = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    clicked = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: created });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: revoked });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    created.mockClear();
    revoked.mockClear();
  });

  it('saves the body under the Content-Disposition name and releases the object URL afterwards', async () => {
    const response = new Response('%PDF-1.7', {
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="INV-7.pdf"' },
    });
    expect(await saveResponseAsFile(response, 'fallback.pdf')).toBe('INV-7.pdf');
    expect(clicked).toEqual([{ href: 'blob:file-1', download: 'INV-7.pdf', inDocument: true }]);
    expect(await created.mock.calls[0]?.[0].text()).toBe('%PDF-1.7');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoked).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoked).toHaveBeenCalledWith('blob:file-1');
  });

  it('falls back to the given name', async () => {
    expect(await saveResponseAsFile(new Response('a,b'), 'calls.csv')).toBe('calls.csv');
    expect(clicked[0]?.download).toBe('calls.csv');
  });
});
