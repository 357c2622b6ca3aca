import type { CreateUserBroker, UpdateUserBroker } from '@app/contract';
import type { SecretBox } from '../../../platform/secrets.js';
import type { EgressPlan } from './egress-check.js';
import { SERVER_EGRESS, type Egress } from './egress.logic.js';

type EgressFields = Pick<
  CreateUserBroker,
  'egress_proxy_url' | 'egress_bind_address' | 'registered_ips' | 'family_group'
>;

/** Whether a save touches the egress (then it is checked before it is written). */
export function isEgressChange(patch: UpdateUserBroker): boolean {
  return (
    patch.egress_proxy_url !== undefined ||
    patch.egress_bind_address !== undefined ||
    patch.registered_ips !== undefined ||
    patch.family_group !== undefined
  );
}

/**
 * The egress a save leaves the account with: omitted keeps `current` (null: a new account, the server's route),
 * empty removes, a value sets. A proxy and a bind address exclude each other, so setting one drops the other.
 */
export function egressPlanOf(current: EgressPlan | null, fields: EgressFields): EgressPlan {
  const was = current ?? { egress: SERVER_EGRESS, registeredIps: [], familyGroup: null };
  let egress: Egress = was.egress;
  if (fields.egress_proxy_url) egress = { kind: 'proxy', url: fields.egress_proxy_url };
  else if (fields.egress_bind_address) egress = { kind: 'bind', address: fields.egress_bind_address };
  else if (
    (fields.egress_proxy_url === '' && egress.kind === 'proxy') ||
    (fields.egress_bind_address === '' && egress.kind === 'bind')
  ) {
    egress = SERVER_EGRESS;
  }
  return {
    egress,
    registeredIps: fields.registered_ips ?? was.registeredIps,
    familyGroup: fields.family_group === undefined ? was.familyGroup : fields.family_group || null,
  };
}

/** The columns that store `plan`; the proxy URL sealed, as it may carry a password. */
export function egressColumnsOf(secrets: SecretBox, plan: EgressPlan) {
  return {
    egressProxyUrlSealed: plan.egress.kind === 'proxy' ? secrets.encrypt(plan.egress.url) : null,
    egressBindAddress: plan.egress.kind === 'bind' ? plan.egress.address : null,
    registeredIps: JSON.stringify(plan.registeredIps),
    familyGroup: plan.familyGroup,
  };
}
