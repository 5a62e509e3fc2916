/*
 * Just enough MIME reading for the tests that receive e-mail (mailparser cannot be installed here): header unfolding, one level of
 * multipart, quoted-printable and base64 bodies.
 */
export type ParsedAttachment = { fileName: string; contentType: string; content: Buffer };
export type ParsedMessage = {
  headers: Record<string, string>;
  text: string | undefined;
  html: string | undefined;
  /** The parts sent as attachments (Content-Disposition: attachment), their bytes decoded. */
  attachments: ParsedAttachment[];
};

export function parseMessage(raw: string): ParsedMessage {
  const { headers, body } = splitEntity(raw);
  const result: ParsedMessage = { headers, text: undefined, html: undefined, attachments: [] };
  for (const part of leafParts(headers, body)) {
    const type = (part.headers['content-type'] ?? 'text/plain').split(';', 1)[0]?.trim().toLowerCase();
    const disposition = part.headers['content-disposition'] ?? '';
    if (/^attachment/i.test(disposition)) {
      const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
      result.attachments.push({
        fileName,
        contentType: type ?? '',
        content: decodeBytes(part.body, part.headers['content-transfer-encoding']),
      });
      continue;
    }
    const content = decodeBody(part.body, part.headers['content-transfer-encoding']);
    if (type === 'text/plain') result.text = content;
    if (type === 'text/html') result.html = content;
  }
  return result;
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const separator = /\r?\n\r?\n/.exec(raw);
  const headerBlock = separator ? raw.slice(0, separator.index) : raw;
  const body = separator ? raw.slice(separator.index + separator[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of headerBlock.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function leafParts(headers: Record<string, string>, body: string): { headers: Record<string, string>; body: string }[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const part = splitEntity(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, ''));
      return leafParts(part.headers, part.body);
    });
}

function decodeBytes(body: string, encoding = '7bit'): Buffer {
  return encoding.toLowerCase() === 'base64'
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
    : Buffer.from(decodeBody(body, encoding), 'utf8');
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}
