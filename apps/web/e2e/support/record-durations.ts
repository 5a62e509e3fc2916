import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes e2e/durations.json from a Vitest JSON report of the browser project (`npx vitest run --project browser
 * --reporter=json --outputFile=report.json`): each file's seconds, whole, longest first.
 */
const [reportFile] = process.argv.slice(2);
if (!reportFile) throw new Error('Usage: tsx apps/web/e2e/support/record-durations.ts <Vitest JSON report>');
const webRoot = path.resolve(import.meta.dirname, '../..');
const report = JSON.parse(await readFile(reportFile, 'utf8')) as {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
};
const entries = report.testResults
  .map((file) => [path.relative(webRoot, file.name), Math.round((file.endTime - file.startTime) / 1000)] as const)
  .filter(([key]) => key.startsWith('e2e/'))
  .toSorted((a, b) => b[1] - a[1]);
await writeFile(path.join(webRoot, 'e2e/durations.json'), `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`);
