import { inflateSync } from 'node:zlib';

/*
 * The text a PDF that pdfkit drew with its standard fonts shows, one string per text-showing operator: enough to
 * check what a report holds without a PDF library. pdfkit deflates each page's content stream and writes text as
 * hex strings of WinAnsi codes inside TJ arrays, split where it kerns, so a TJ's pieces are joined back together.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const runs: string[] = [];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((piece) => piece[1]).join('');
      runs.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return runs;
}
