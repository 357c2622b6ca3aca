import { toRupees, type UserBroker } from '@app/contract';
import { iso, isoOrNull } from '../../platform/time.js';
import { brokerTokenExpiresAt, isTokenRefused, type TokenExpiryRule } from '../strategies/broker-token.logic.js';
import type { UserBrokerWithName } from './brokers.repository.js';
import { registeredIpsOf, shownEgress, type Egress } from './egress/egress.logic.js';
import { isPaperKind } from './broker-registry.js';

/** The broker's refusal of the token the account holds now (one of an earlier token is not shown). */
function refusalOf(row: UserBrokerWithName): Pick<UserBroker, 'token_refused_at' | 'token_refused_reason'> {
  const isRefused = row.brokerTokenSealed !== null && isTokenRefused(row.tokenRefusedAt);
  return {
    token_refused_at: isRefused ? isoOrNull(row.tokenRefusedAt) : null,
    token_refused_reason: isRefused ? row.tokenRefusedReason : null,
  };
}

/**
 * The API view of a broker account: whether a token and an own app are set, never the token, key or secret.
 * `tokenExpiresAt` is the rule of the account's broker (the registry's adapter for `row.brokerKind`); `egress` where its
 * orders leave from, its proxy unsealed (only its host is shown).
 */
export function toUserBroker(row: UserBrokerWithName, tokenExpiresAt: TokenExpiryRule, egress: Egress): UserBroker {
  const expiresAt = brokerTokenExpiresAt(tokenExpiresAt, row.brokerTokenSealed !== null, row.tokenUpdatedAt);
  return {
    id: row.id,
    user_id: row.userId,
    broker_id: row.brokerId,
    broker_name: row.brokerName,
    broker_username: row.brokerUsername,
    has_token: row.brokerTokenSealed !== null,
    has_api_key: row.apiKeySealed !== null && row.apiSecretSealed !== null,
    token_updated_at: isoOrNull(row.tokenUpdatedAt),
    token_expires_at: expiresAt === null ? null : iso(expiresAt),
    ...refusalOf(row),
    egress_kind: egress.kind,
    egress_shown: shownEgress(egress),
    registered_ips: registeredIpsOf(row.registeredIps),
    family_group: row.familyGroup,
    egress_checked_at: isoOrNull(row.egressCheckedAt),
    egress_public_ip: row.egressPublicIp,
    egress_problem: row.egressProblem,
    is_paper: isPaperKind(row.brokerKind),
    virtual_capital: row.virtualCapitalPaise === null ? null : toRupees(Number(row.virtualCapitalPaise)),
    created_at: iso(row.createdAt),
  };
}
