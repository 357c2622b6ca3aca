import { api, type UserListItem } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { PAPER_REACHES_NO_BROKER, virtualCapitalLine } from '../brokers/broker-config-form';
import { egressLine, egressWarning } from '../brokers/broker-egress-line';

/**
 * A trader's broker accounts as an admin reads them (issue 31): whether each holds a token, where its orders leave
 * from, the IPs registered with the broker, and what the last check of that egress found. A Paper account
 * (issue 32 item 3) shows its virtual capital instead: it has no token and sends no order anywhere.
 */
export function UserBrokerAccountsPanel({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const accounts = useQuery({
    queryKey: ['admin-user-brokers', user.id],
    queryFn: () => call(api.brokers.listForUser, { params: { userId: user.id } }),
  });
  return (
    <div className="card" aria-label={`Broker accounts of ${user.username}`} role="region">
      <div className="view-header">
        <h3>Broker accounts of {user.username}</h3>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {accounts.isError && <p className="error">{messageOf(accounts.error, 'Failed to load broker accounts')}</p>}
      {accounts.data?.length === 0 && <p className="muted">No broker accounts.</p>}
      {accounts.data && accounts.data.length > 0 && (
        <div className="table-wrap">
          <table className="table" aria-label={`Broker accounts of ${user.username}`}>
            <thead>
              <tr>
                <th>Broker</th>
                <th>Username</th>
                <th>Token</th>
                <th>Order Egress</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.map((b) => {
                const warning = egressWarning(b);
                return (
                  <tr key={b.id}>
                    <td>{b.broker_name}</td>
                    <td>{b.broker_username}</td>
                    {b.is_paper ? (
                      <td colSpan={2}>
                        <div>{virtualCapitalLine(b)}</div>
                        <div className="muted">{PAPER_REACHES_NO_BROKER}</div>
                      </td>
                    ) : (
                      <>
                        <td>{b.has_token ? 'Configured' : 'Not set'}</td>
                        <td className="egress-cell">
                          <div>{egressLine(b)}</div>
                          {warning && <div className="token-expired">{warning}</div>}
                        </td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
