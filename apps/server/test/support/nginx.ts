import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from './free-port.js';

/*
 * Debian's nginx (installed by scripts/ensure-servers.sh) as the load balancer in front of several server
 * instances, configured as docs/operations.md tells an operator to: round robin, the client's address in
 * X-Forwarded-For, uploads streamed through. Its own prefix folder holds the configuration, logs and temp files.
 */

export type TestNginx = { readonly url: string; stop(): Promise<void> };

export async function startNginx(upstreams: readonly string[]): Promise<TestNginx> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'portal-nginx-'));
  // Run as root, nginx's workers drop to nobody, which must reach the temp folders under the prefix.
  await chmod(prefix, 0o755);
  const port = await freePort();
  await writeFile(path.join(prefix, 'nginx.conf'), configuration(port, upstreams, prefix));
  const child = spawn(
    nginxBinary(),
    ['-p', prefix, '-c', 'nginx.conf', '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  const url = `http://127.0.0.1:${port}`;
  await untilListening(child, url, () => output);
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

function configuration(port: number, upstreams: readonly string[], prefix: string): string {
  const servers = upstreams.map((upstream) => `    server ${new URL(upstream).host};`).join('\n');
  return `worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${path.join(prefix, 'client_body')};
  proxy_temp_path ${path.join(prefix, 'proxy')};
  fastcgi_temp_path ${path.join(prefix, 'fastcgi')};
  uwsgi_temp_path ${path.join(prefix, 'uwsgi')};
  scgi_temp_path ${path.join(prefix, 'scgi')};
  upstream portal {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 50m;
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      # A request an instance never answered (it was killed) goes to the next one; a write is not repeated.
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

function nginxBinary(): string {
  return process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
}

// A plain loop rather than vi.waitFor: the production-load bench starts nginx too, outside Vitest.
async function untilListening(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output()}`);
    try {
      await fetch(`${url}/health`);
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`nginx did not answer at ${url} within 10 s:\n${output()}`, { cause: error });
    }
    await delay(50);
  }
}
