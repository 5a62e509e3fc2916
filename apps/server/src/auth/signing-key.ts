import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The HMAC key for access tokens: JWT_SECRET when set, otherwise a random key kept under DATA_DIR so tokens
 * survive a restart of a single server. Several servers sharing one database must share JWT_SECRET.
 */
export async function loadSigningKey(options: { jwtSecret: string | undefined; dataDir: string }): Promise<Uint8Array> {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  const file = path.join(options.dataDir, 'secrets', 'jwt-signing-key');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(48);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, key.toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  await chmod(file, 0o600);
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
}
