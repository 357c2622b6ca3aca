import { labelOf, type UserBroker } from '@app/contract';
import { useState } from 'react';
import { InputField, SelectField } from '../../components/FormField';
import { EGRESS_CHOICES, toEgressKind, type EgressFormValues } from './broker-egress-form';
import './brokers.css';

/**
 * The broker form's "Order egress" section (issue 31): the IPs registered with the broker, where orders
 * leave from, and the family group. Folded away unless the edited account already has some of it. The
 * stored proxy is named (without its secrets) but never put in the input: left empty, it is kept.
 */
export function BrokerEgressFields({
  values,
  editing,
  onChange,
}: {
  values: EgressFormValues;
  editing: UserBroker | null;
  onChange: (patch: Partial<EgressFormValues>) => void;
}) {
  const [isOpen, setIsOpen] = useState(() => editing !== null && hasEgressSettings(editing));
  const set = (field: Exclude<keyof EgressFormValues, 'egress_kind'>) => (e: { target: { value: string } }) =>
    onChange({ [field]: e.target.value });
  const storedProxy = editing?.egress_kind === 'proxy' ? editing.egress_shown : null;

  return (
    <details className="full egress-section" open={isOpen} onToggle={(e) => setIsOpen(e.currentTarget.open)}>
      <summary>Order egress (2026 static-IP rule)</summary>
      <div className="form-grid">
        <p className="muted full">
          Kite takes API orders only from the static IPs you registered with it, and only one family may share an IP.
          Registered IPs: the primary and backup you gave Kite. Egress: where this account&apos;s orders leave from; the
          console checks it against the registered IPs when you save.
        </p>
        <InputField
          label="Primary IP"
          name="primary_ip"
          autoComplete="off"
          placeholder="e.g. 203.0.113.7"
          value={values.primary_ip}
          onChange={set('primary_ip')}
        />
        <InputField
          label="Backup IP"
          name="backup_ip"
          autoComplete="off"
          placeholder="Optional"
          value={values.backup_ip}
          onChange={set('backup_ip')}
        />
        <SelectField
          label="Egress"
          name="egress_kind"
          value={values.egress_kind}
          onChange={(e) => onChange({ egress_kind: toEgressKind(e.target.value) })}
          options={EGRESS_CHOICES}
        />
        {values.egress_kind === 'proxy' && (
          <>
            <InputField
              label={labelOf('egress_proxy_url')}
              name="egress_proxy_url"
              autoComplete="off"
              spellCheck={false}
              aria-describedby="broker-proxy-hint"
              placeholder={storedProxy ? 'Leave empty to keep the current proxy' : 'e.g. http://host:3128'}
              value={values.egress_proxy_url}
              onChange={set('egress_proxy_url')}
            />
            <p className="muted full" id="broker-proxy-hint">
              {storedProxy
                ? `Current proxy: ${storedProxy}. Leave ${labelOf('egress_proxy_url')} empty to keep it.`
                : 'http://, https:// or socks5://, with user:pass@ before the host if the proxy asks for one.'}
            </p>
          </>
        )}
        {values.egress_kind === 'bind' && (
          <InputField
            label={labelOf('egress_bind_address')}
            name="egress_bind_address"
            autoComplete="off"
            placeholder="An IP of this server, e.g. 203.0.113.9"
            value={values.egress_bind_address}
            onChange={set('egress_bind_address')}
          />
        )}
        <InputField
          label={labelOf('family_group')}
          name="family_group"
          autoComplete="off"
          aria-describedby="broker-family-hint"
          placeholder="Optional"
          value={values.family_group}
          onChange={set('family_group')}
        />
        <p className="muted full" id="broker-family-hint">
          Accounts that leave from the same IP must name the same family group.
        </p>
      </div>
    </details>
  );
}

function hasEgressSettings(b: UserBroker): boolean {
  return b.egress_kind !== 'server' || b.registered_ips.length > 0 || b.family_group !== null || !!b.egress_problem;
}
