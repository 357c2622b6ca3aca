import { api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';
import type { AuditService } from './audit.service.js';

export function registerAuditRoutes(app: FastifyInstance, authenticate: Authenticate, audit: AuditService): void {
  mount(app, authenticate, api.audit.list, ({ query }) => audit.list(query));
  mount(app, authenticate, api.audit.mine, ({ auth, query }) => audit.mine(auth, query));
}
