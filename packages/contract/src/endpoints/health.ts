import { HealthResponseSchema, ReadyResponseSchema } from '../api';
import { endpoint } from '../endpoint';

// Probes for the process supervisor and load balancer; outside /api and unguarded.

export const health = endpoint({
  method: 'GET',
  path: '/health',
  summary: 'Liveness: the process is up',
  access: 'public',
  response: HealthResponseSchema,
});

export const ready = endpoint({
  method: 'GET',
  path: '/ready',
  summary: 'Readiness: the database answers',
  access: 'public',
  response: ReadyResponseSchema,
  errors: { 503: ReadyResponseSchema },
});
