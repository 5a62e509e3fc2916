import { API } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';

/** The API reference's document, as @fastify/swagger builds it from every registered operation. */
export const docsRoutes = operationRoutes(API.docs, (app) => ({
  openApi: async () => app.swagger() as unknown as Record<string, unknown>,
}));
