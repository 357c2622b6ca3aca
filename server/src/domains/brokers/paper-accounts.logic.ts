import { MSG, toPaise, type UpdateUserBroker } from '@app/contract';
import { badRequest } from '../../platform/errors.js';

/** What a Paper account must never be given: each reaches a broker, and a Paper account never does. */
const BROKER_ONLY_FIELDS = [
  'broker_token',
  'api_key',
  'api_secret',
  'egress_proxy_url',
  'egress_bind_address',
  'registered_ips',
  'family_group',
] as const;

/** Whether a save sets `field` (empty text, an empty list and null clear or keep: nothing is set). */
function sets(input: UpdateUserBroker, field: (typeof BROKER_ONLY_FIELDS)[number]): boolean {
  const value = input[field];
  if (value === undefined || value === null) return false;
  return Array.isArray(value) ? value.length > 0 : value !== '';
}

/**
 * The virtual-capital column a save of an account writes (issue 32 item 3), after refusing what does not fit
 * its kind: a Paper account takes its capital (required when created) and nothing that reaches a broker; a
 * broker account takes no capital.
 */
export function paperColumnsOf(
  isPaper: boolean,
  input: UpdateUserBroker,
  save: 'create' | 'update',
): { virtualCapitalPaise?: number } {
  if (!isPaper) {
    if (input.virtual_capital !== undefined) throw badRequest(MSG.capitalIsForPaper);
    return {};
  }
  if (BROKER_ONLY_FIELDS.some((field) => sets(input, field))) throw badRequest(MSG.paperAccountReachesNoBroker);
  if (input.virtual_capital === undefined) {
    if (save === 'create') throw badRequest(MSG.paperAccountNeedsCapital);
    return {};
  }
  return { virtualCapitalPaise: toPaise(input.virtual_capital) };
}
