import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BuiltServer, killBuiltServer, startBuiltServer } from '../support/built-server.js';

// OpenTelemetry tracing switched on by the standard variables (docs/decisions/0200): the built server, as
// production runs it, sends its spans to an OTLP/HTTP receiver this test runs, in OTLP's JSON encoding.

type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number } };
type Span = { name: string; kind: number; traceId: string; attributes?: Attribute[] };
type TracesRequest = {
  resourceSpans: Array<{ resource?: { attributes?: Attribute[] }; scopeSpans: Array<{ spans: Span[] }> }>;
};

const SPAN_KIND_SERVER = 2;

const exports: TracesRequest[] = [];
let receiver: Server | undefined;
let receiverUrl = '';
let dataDir = '';
let server: BuiltServer | undefined;

beforeAll(async () => {
  receiver = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url === '/v1/traces') exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-tracing-'));
}, 180_000);

afterAll(async () => {
  if (server) await killBuiltServer(server);
  receiver?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const attribute = (attributes: Attribute[] | undefined, key: string) =>
  attributes?.find((entry) => entry.key === key)?.value.stringValue;

function spansOf(service: string): Span[] {
  return exports.flatMap((request) =>
    request.resourceSpans
      .filter((resource) => attribute(resource.resource?.attributes, 'service.name') === service)
      .flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
  );
}

it('with OTEL_TRACES_EXPORTER=otlp, a request produces a server span for its route', async () => {
  server = await startBuiltServer(dataDir, {
    SEED: 'none',
    CARRIER_WORKER: 'off',
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
    OTEL_SERVICE_NAME: 'portal-under-test',
    // Sent within a tenth of a second rather than five.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
  const response = await fetch(`${server.baseUrl}/health`);
  expect(response.status).toBe(200);

  const routeSpan = () =>
    spansOf('portal-under-test').find((span) => attribute(span.attributes, 'http.route') === '/health');
  await expect.poll(routeSpan, { timeout: 30_000 }).toBeDefined();
  const route: Span | undefined = routeSpan();
  expect(
    route,
    `spans: ${JSON.stringify(spansOf('portal-under-test').map((span) => [span.name, span.attributes]))}\n${server.output()}`,
  ).toBeDefined();
  const incoming = spansOf('portal-under-test').find(
    (span) => span.kind === SPAN_KIND_SERVER && span.traceId === route?.traceId,
  );
  expect(incoming).toBeDefined();
}, 120_000);
