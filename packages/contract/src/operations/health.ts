import { HealthResponseSchema, ReadyResponseSchema } from '../api';
import { operation } from '../operation';

// Probes for the process supervisor and load balancer; outside /api and unguarded.

export const health = operation({
  method: 'GET',
  path: '/health',
  summary: 'Liveness: the process is up',
  access: 'public',
  response: HealthResponseSchema,
});

export const ready = operation({
  method: 'GET',
  path: '/ready',
  summary: 'Readiness: every dependency answers (the database, the carrier worker, Redis when configured)',
  access: 'public',
  response: ReadyResponseSchema,
  errors: { 503: ReadyResponseSchema },
});
