import { istDay, IST_ZONE, type UserBroker } from '@app/contract';
import { formatDateTimeIn, formatTimeIn } from '../../lib/format';
import { canGenerateToken } from './broker-config-form';

type EgressFacts = Pick<
  UserBroker,
  | 'egress_kind'
  | 'egress_shown'
  | 'registered_ips'
  | 'family_group'
  | 'egress_checked_at'
  | 'egress_public_ip'
  | 'egress_problem'
>;

export const NO_STATIC_IP_WARNING = 'No static IP registered: live orders will be refused by Kite';

/** Today's checks by their clock time ("14:02 IST"), older ones with their date ("23 Nov 2026, 14:02 IST"). */
function checkedWhen(at: string, now: number): string {
  const ms = Date.parse(at);
  if (istDay(ms) === istDay(now)) return formatTimeIn(at, IST_ZONE, { seconds: false });
  return formatDateTimeIn(at, IST_ZONE, { seconds: false });
}

function routeWords(b: EgressFacts): string {
  if (b.egress_kind === 'proxy') return `Orders leave via proxy ${b.egress_shown ?? ''}`.trimEnd();
  if (b.egress_kind === 'bind') return `Orders leave from this server's address ${b.egress_shown ?? ''}`.trimEnd();
  return "Orders leave from this server's address";
}

/**
 * Where an account's orders leave from, in one line: "Orders leave via proxy http://proxy.example:3128 ·
 * registered 203.0.113.7, 198.51.100.2 · family Sharma · checked 14:02 IST, from 203.0.113.7".
 */
export function egressLine(b: EgressFacts, now = Date.now()): string {
  const parts = [routeWords(b)];
  if (b.registered_ips.length > 0) parts.push(`registered ${b.registered_ips.join(', ')}`);
  if (b.family_group) parts.push(`family ${b.family_group}`);
  if (b.egress_checked_at) {
    const when = `checked ${checkedWhen(b.egress_checked_at, now)}`;
    parts.push(b.egress_public_ip ? `${when}, from ${b.egress_public_ip}` : when);
  }
  return parts.join(' · ');
}

/**
 * What is wrong with the egress, or null: the last check's refusal (the server's words, which start in lower
 * case to read inside a sentence, given a capital), else, for a Kite account that has a token (so could trade
 * live), that no static IP is registered.
 */
export function egressWarning(b: EgressFacts & Pick<UserBroker, 'broker_name' | 'has_token'>): string | null {
  if (b.egress_problem) return b.egress_problem.charAt(0).toUpperCase() + b.egress_problem.slice(1);
  if (b.registered_ips.length === 0 && b.has_token && canGenerateToken(b)) return NO_STATIC_IP_WARNING;
  return null;
}
