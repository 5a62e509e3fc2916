/**
 * Handing fetched files to the browser as downloads. Files come through the API client (so they carry the session's
 * tokens) rather than from a plain link, which could not send the Authorization headers.
 */

/** Path separators and control characters never reach the saved name: the browser would refuse or mangle it. */
function safeFileName(name: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const cleaned = (name.split(/[/\\]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? undefined : cleaned;
}

/**
 * The file name a Content-Disposition header gives: the RFC 5987 `filename*=UTF-8''…` form first (it carries
 * non-ASCII names), else the quoted or bare `filename=`. Undefined when there is none or it is unusable.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([\w!#$&+.^`|~-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = safeFileName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
      if (name) return name;
    } catch {
      // A malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return value === undefined ? undefined : safeFileName(value);
}

/** Saves `blob` as a download named `fileName`; the object URL is released once the browser has taken the file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click starts the download synchronously; revoking on the next task keeps the URL alive until then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * Reads a successful file response and saves it under the name its Content-Disposition gives (else
 * `fallbackName`). Returns the name used.
 */
export async function saveResponseAsFile(response: Response, fallbackName: string): Promise<string> {
  const blob = await response.blob();
  const fileName =
    fileNameFromContentDisposition(response.headers.get('content-disposition')) ??
    safeFileName(fallbackName) ??
    'download';
  saveBlob(blob, fileName);
  return fileName;
}
