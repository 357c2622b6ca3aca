import { AUDIT_SYSTEM_ACTOR, type AuditPage, type AuditQuery, type PageQuery } from '@app/contract';
import type { Actor } from '../../platform/ownership.js';
import type { DomainEventBus, DomainEvents } from '../../platform/domain-events.js';
import type { SnapshotsRepository } from './audit-snapshots.repository.js';
import { automaticStop } from './audit.logic.js';
import { toAuditEntry } from './audit.presenter.js';
import type { AuditRepository } from './audit.repository.js';

export interface AuditServiceDeps {
  repo: AuditRepository;
  snapshots: Pick<SnapshotsRepository, 'usernameOf'>;
  events: Pick<DomainEventBus, 'subscribe'>;
  clock: { now(): number };
}

type Action = DomainEvents['audit.action'];

/** Column widths of audit_log: a longer name is cut, never refused (the action already happened). */
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * The audit log: appends what the bus reports (`audit.action` from the HTTP edge and any domain; automatic
 * stops from `mapping.status_changed`) and pages it for the admin and for each user's own trail.
 */
export function createAuditService({ repo, snapshots, events, clock }: AuditServiceDeps) {
  async function append(action: Action): Promise<void> {
    const name =
      action.actor ??
      (action.actorUserId === null
        ? AUDIT_SYSTEM_ACTOR
        : ((await snapshots.usernameOf(action.actorUserId)) ?? `user #${action.actorUserId}`));
    await repo.append({
      at: action.at,
      actorUserId: action.actorUserId,
      actor: cut(name, 100),
      action: cut(action.action, 64),
      objectType: action.objectType,
      objectId: action.objectId,
      ownerUserId: action.ownerUserId,
      changes: JSON.stringify(action.changes),
      detail: action.detail === null ? null : JSON.stringify(action.detail),
      ip: action.ip === null ? null : cut(action.ip, 64),
    });
  }

  events.subscribe('audit.action', append);
  events.subscribe('mapping.status_changed', async ({ mapping, reason }) => {
    const stop = automaticStop(mapping, reason);
    if (stop) await append({ ...stop, at: clock.now(), actorUserId: null, ip: null });
  });

  return {
    append,

    /** Everyone's trail (admin), newest first. */
    async list(query: AuditQuery): Promise<AuditPage> {
      const { rows, total } = await repo.page({ actor: query.user, action: query.action }, query.limit, query.offset);
      return { entries: rows.map((r) => toAuditEntry(r)), total };
    },

    /** What the caller did, and what was done to their account and strategies. */
    async mine(actor: Actor, page: PageQuery): Promise<AuditPage> {
      const { rows, total } = await repo.page({ concerning: actor.userId }, page.limit, page.offset);
      return { entries: rows.map((r) => toAuditEntry(r, actor.userId)), total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
