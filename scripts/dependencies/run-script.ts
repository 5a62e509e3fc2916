import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs one of these scripts as CI runs it (tsx from the repo root), answering its exit code and output. */
export async function runScript(script: string, args: string[]): Promise<{ code: number; output: string }> {
  const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [path.join(import.meta.dirname, script), ...args], {
      cwd: REPO_ROOT,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}
