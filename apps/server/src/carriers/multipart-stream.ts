import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export type StreamedPart =
  | { name: string; json: unknown }
  | { name: string; fileName: string; contentType: string; open: () => Promise<Readable> };

const quoted = (value: string) => value.replaceAll(/["\r\n\\]/g, '_');

/**
 * A multipart/form-data body whose files are read from their streams as the body is sent, one after the other, so
 * a large upload never sits whole in memory (FormData would need each file as a Blob).
 */
export function multipartStream(parts: readonly StreamedPart[]): { body: Readable; contentType: string } {
  const boundary = `----portal-${randomBytes(12).toString('hex')}`;
  async function* chunks() {
    for (const part of parts) {
      if ('json' in part) {
        yield `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"\r\n`;
        yield `Content-Type: application/json\r\n\r\n${JSON.stringify(part.json)}\r\n`;
        continue;
      }
      yield `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"; filename="${quoted(part.fileName)}"\r\n`;
      yield `Content-Type: ${part.contentType}\r\n\r\n`;
      yield* await part.open();
      yield '\r\n';
    }
    yield `--${boundary}--\r\n`;
  }
  return { body: Readable.from(chunks()), contentType: `multipart/form-data; boundary=${boundary}` };
}
