import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';

/*
 * OpenTelemetry tracing (docs/decisions/0200), loaded by main.ts only when OTEL_TRACES_EXPORTER names an exporter.
 * The SDK reads the standard variables itself: the exporter and its protocol and endpoint (OTEL_EXPORTER_OTLP_*),
 * the service name (OTEL_SERVICE_NAME), the sampler (OTEL_TRACES_SAMPLER). Spans come from the incoming requests
 * (http, and Fastify's route and hooks), the queries sent to PostgreSQL (pg), and the calls to the carriers (fetch,
 * which also carries the trace on to them in a traceparent header).
 */

const DEFAULT_SERVICE_NAME = 'business-portal';

/** Starts the SDK; the answer flushes the spans not yet sent and stops it. */
export async function startTracing(): Promise<() => Promise<void>> {
  // The server's own modules are ES modules: this hook lets the instrumentations wrap the packages they import.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  // The SDK would also send metrics and logs over OTLP by default: metrics are Prometheus's (/metrics) and logs go
  // to stdout, so it sends them only when the operator asks.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    ...(process.env.OTEL_SERVICE_NAME ? {} : { serviceName: DEFAULT_SERVICE_NAME }),
    instrumentations: [
      new HttpInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new PgInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
