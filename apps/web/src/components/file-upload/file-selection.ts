/** What a file upload accepts (spec 5): media types, and optionally a total size and a number of files. */
export interface FileLimits {
  /** Media types such as `image/png`; a type ending in `/*` accepts the whole family. Empty accepts anything. */
  accept: readonly string[];
  maxTotalBytes?: number | undefined;
  maxFiles?: number | undefined;
}

export type FileProblem = 'size' | 'count';

export interface FileSelection {
  files: File[];
  /** Why some of the offered files were left out: the first limit they broke. */
  problem: FileProblem | undefined;
  /** The offered files of a type not accepted, which the upload says it left out and why. */
  refused: File[];
}

export function isAccepted(file: File, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const type = file.type.toLowerCase();
  return accept.some((wanted) => (wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted));
}

/**
 * Adds the offered files to those already chosen, in order. Files of a type not accepted are left out and listed as
 * refused (a drop, or the picker's "all files", can offer anything); files beyond the count are ignored with the count problem; a
 * file that would take the total over the size limit is left out with the size problem, and smaller ones after it
 * may still fit.
 */
export function addFiles(current: readonly File[], offered: Iterable<File>, limits: FileLimits): FileSelection {
  const files = [...current];
  let total = files.reduce((sum, file) => sum + file.size, 0);
  let problem: FileProblem | undefined;
  const refused: File[] = [];
  for (const file of offered) {
    if (!isAccepted(file, limits.accept)) {
      refused.push(file);
      continue;
    }
    if (limits.maxFiles !== undefined && files.length >= limits.maxFiles) {
      problem ??= 'count';
      continue;
    }
    if (limits.maxTotalBytes !== undefined && total + file.size > limits.maxTotalBytes) {
      problem ??= 'size';
      continue;
    }
    files.push(file);
    total += file.size;
  }
  return { files, problem, refused };
}
