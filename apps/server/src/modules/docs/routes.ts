import { API } from '@portal/contract';
import { endpointRoutes } from '../endpoint-routes.js';

/** The API reference's document, as @fastify/swagger builds it from every registered endpoint. */
export const docsRoutes = endpointRoutes(API.docs, (app) => ({
  openApi: async () => app.swagger() as unknown as Record<string, unknown>,
}));
