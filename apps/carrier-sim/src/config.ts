import { z } from 'zod';
import { CARRIERS, type Carrier } from './carriers.js';

export type LatencyRange = { minMs: number; maxMs: number };

export type SimConfig = {
  host: string;
  port: number;
  logLevel: z.infer<typeof LogLevelSchema>;
  /** Delay every carrier call waits before its answer, drawn evenly from the range. */
  baseLatency: Record<Carrier, LatencyRange>;
  /** How long after accepting a change a mobile carrier applies it and completes the request. */
  completionMs: number;
  /** What Halo expects in X-Api-Key and Vertex as its bearer token; the server's defaults match. */
  haloApiKey: string;
  vertexToken: string;
  /** What Keystone expects in X-Keystone-Key and Skylark as its bearer token; the server's defaults match. */
  keystoneApiKey: string;
  skylarkToken: string;
};

export class SimConfigError extends Error {}

export const DEFAULT_LATENCY: LatencyRange = { minMs: 50, maxMs: 150 };
const MAX_BASE_LATENCY_MS = 60_000;
const MAX_COMPLETION_MS = 24 * 60 * 60_000;
export const DEFAULT_HALO_API_KEY = 'halo-demo-key';
export const DEFAULT_VERTEX_TOKEN = 'vertex-demo-token';
export const DEFAULT_KEYSTONE_API_KEY = 'keystone-demo-key';
export const DEFAULT_SKYLARK_TOKEN = 'skylark-demo-token';

const LogLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** '80' or '50-150' (milliseconds). */
const LatencyRangeSchema = z
  .string()
  .regex(/^\d+(-\d+)?$/, 'must be milliseconds, either one number or a range like 50-150')
  .transform((value): LatencyRange => {
    const [min, max = min] = value.split('-').map(Number) as [number, number?];
    return { minMs: min, maxMs: max };
  })
  .refine((range) => range.minMs <= range.maxMs, 'the lower bound must not exceed the upper bound')
  .refine((range) => range.maxMs <= MAX_BASE_LATENCY_MS, `must not exceed ${MAX_BASE_LATENCY_MS} ms`);

/** SIM_LATENCY_MS_MOBILE_33 and so on: one carrier's latency instead of SIM_LATENCY_MS. */
export function latencyVariableOf(carrier: Carrier): string {
  return `SIM_LATENCY_MS_${carrier.toUpperCase().replaceAll('-', '_')}`;
}

const EnvSchema = z.object({
  SIM_HOST: z.string().min(1).default('127.0.0.1'),
  SIM_PORT: z.coerce.number().int().min(1).max(65_535).default(3100),
  LOG_LEVEL: LogLevelSchema.default('info'),
  SIM_LATENCY_MS: LatencyRangeSchema.optional(),
  SIM_COMPLETION_MS: z.coerce.number().int().min(0).max(MAX_COMPLETION_MS).default(2000),
  SIM_HALO_API_KEY: z.string().min(1).default(DEFAULT_HALO_API_KEY),
  SIM_VERTEX_TOKEN: z.string().min(1).default(DEFAULT_VERTEX_TOKEN),
  SIM_KEYSTONE_API_KEY: z.string().min(1).default(DEFAULT_KEYSTONE_API_KEY),
  SIM_SKYLARK_TOKEN: z.string().min(1).default(DEFAULT_SKYLARK_TOKEN),
  ...Object.fromEntries(CARRIERS.map((carrier) => [latencyVariableOf(carrier), LatencyRangeSchema.optional()])),
});

export function loadSimConfig(env: NodeJS.ProcessEnv = process.env): SimConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new SimConfigError(`Invalid carrier simulator configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data as z.infer<typeof EnvSchema> & Record<string, LatencyRange | undefined>;
  const fallback = e.SIM_LATENCY_MS ?? DEFAULT_LATENCY;
  return {
    host: e.SIM_HOST,
    port: e.SIM_PORT,
    logLevel: e.LOG_LEVEL,
    baseLatency: Object.fromEntries(
      CARRIERS.map((carrier) => [carrier, e[latencyVariableOf(carrier)] ?? fallback]),
    ) as Record<Carrier, LatencyRange>,
    completionMs: e.SIM_COMPLETION_MS,
    haloApiKey: e.SIM_HALO_API_KEY,
    vertexToken: e.SIM_VERTEX_TOKEN,
    keystoneApiKey: e.SIM_KEYSTONE_API_KEY,
    skylarkToken: e.SIM_SKYLARK_TOKEN,
  };
}
