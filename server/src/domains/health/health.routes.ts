import { api, type Health } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';

export function registerHealthRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  report: () => Promise<Health>,
): void {
  mount(app, authenticate, api.health.health, () => report());
}
