/**
 * `attachment; filename="…"` for a download (RFC 6266). A name that is plain printable ASCII goes in as it is;
 * any other gets an ASCII stand-in in `filename` (for old clients) and the exact name, UTF-8 and percent-encoded,
 * in `filename*` (RFC 8187), which browsers prefer.
 */
export function attachmentDisposition(fileName: string): string {
  // Quotes, backslashes and control characters would end or corrupt the quoted string; they never stay in it.
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (fallback === fileName) return `attachment; filename="${fileName}"`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}

/** Percent-encodes everything outside RFC 8187's attr-char (encodeURIComponent leaves ' ( ) * as they are). */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value.replace(/\p{Cs}/gu, '\uFFFD')).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
