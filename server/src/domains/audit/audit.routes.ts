import { api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';
import { registerAuditExport } from './audit.export.js';
import type { AuditRepository } from './audit.repository.js';
import type { AuditService } from './audit.service.js';

export function registerAuditRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  audit: AuditService,
  repo: Pick<AuditRepository, 'between'>,
): void {
  mount(app, authenticate, api.audit.list, ({ query }) => audit.list(query));
  registerAuditExport(app, authenticate, repo);
  mount(app, authenticate, api.audit.mine, ({ auth, query }) => audit.mine(auth, query));
}
