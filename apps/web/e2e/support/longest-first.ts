import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import seconds from '../durations.json' with { type: 'json' };

/**
 * Runs the browser files longest first, by the seconds e2e/durations.json records for each. Vitest orders by the
 * durations of the last run on the machine, which a clean clone does not have: there it took the largest files first,
 * and the two every-page sweeps, the longest files in three-line files, started last and ran on with a worker idle.
 * A file the list does not know yet runs first, as Vitest does with a file it has not timed. Other projects keep
 * Vitest's order. Refresh the list with `npx tsx apps/web/e2e/support/record-durations.ts <Vitest JSON report>`.
 */
export class LongestBrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((file) => file.project.name === 'browser');
    const others = sorted.filter((file) => file.project.name !== 'browser');
    const weight = (file: TestSpecification) => recordedSeconds(file) ?? Number.POSITIVE_INFINITY;
    return [...others, ...browser.toSorted((a, b) => weight(b) - weight(a))];
  }
}

const recorded: Readonly<Record<string, number>> = seconds;

function recordedSeconds(file: TestSpecification): number | undefined {
  return recorded[path.relative(file.project.config.root, file.moduleId)];
}
