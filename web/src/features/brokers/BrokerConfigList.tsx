import { MSG, type UserBroker } from '@app/contract';
import { canGenerateToken, kiteAppLabel, PAPER_REACHES_NO_BROKER, virtualCapitalLine } from './broker-config-form';
import { egressLine, egressWarning } from './broker-egress-line';
import { tokenIsExpired, tokenValidity } from './token-validity';

/**
 * The user's broker configurations. The token panel is not part of the table: it opens as its
 * own card (BrokerConfigScreen), so on a phone it is not cut off inside the scrolling table.
 */
export function BrokerConfigList({
  userBrokers,
  isLoading,
  tokenPanelFor,
  deletingId,
  onEdit,
  onDelete,
  onOpenTokenPanel,
}: {
  userBrokers: UserBroker[] | undefined;
  isLoading: boolean;
  tokenPanelFor: number | null;
  deletingId: number | null;
  onEdit: (b: UserBroker) => void;
  onDelete: (b: UserBroker) => void;
  onOpenTokenPanel: (b: UserBroker) => void;
}) {
  return (
    <section className="card" aria-labelledby="user-brokers-title">
      <h3 id="user-brokers-title">Your Broker Configurations</h3>
      {isLoading && <p className="muted">Loading broker configurations...</p>}
      {userBrokers && userBrokers.length === 0 && <p className="muted">{MSG.noUserBrokers}</p>}
      {userBrokers && userBrokers.length > 0 && (
        <div className="table-wrap">
          <table className="table" aria-label="Broker configurations">
            <thead>
              <tr>
                <th>Broker</th>
                <th>Username</th>
                <th>Token</th>
                <th title="Kite access tokens stop working at 06:00 IST every day">Valid Until</th>
                <th title="The Kite Connect app that logs this account in and sends its orders">App</th>
                <th title="Where this account's orders leave from, and the static IPs registered with the broker">
                  Order Egress
                </th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {userBrokers.map((b) => (
                <tr key={b.id} data-testid={`user-broker-${b.broker_username}`}>
                  <td>{b.broker_name}</td>
                  <td>{b.broker_username}</td>
                  {b.is_paper ? (
                    <PaperCells account={b} />
                  ) : (
                    <>
                      <td>{b.has_token ? 'Configured' : 'Not set'}</td>
                      <td className={tokenIsExpired(b) ? 'token-expired' : undefined}>{tokenValidity(b)}</td>
                      <td>{kiteAppLabel(b) ?? '—'}</td>
                      <td className="egress-cell">
                        <EgressCell account={b} />
                      </td>
                    </>
                  )}
                  <td>
                    <div className="row">
                      <button type="button" onClick={() => onEdit(b)}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="danger"
                        onClick={() => onDelete(b)}
                        disabled={deletingId === b.id}
                      >
                        {deletingId === b.id ? 'Deleting...' : 'Delete'}
                      </button>
                      {canGenerateToken(b) && (
                        <button
                          type="button"
                          onClick={() => onOpenTokenPanel(b)}
                          disabled={tokenPanelFor === b.id}
                          aria-expanded={tokenPanelFor === b.id}
                        >
                          Generate Token
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * A Paper account (issue 32 item 3) has no token, app or egress: its virtual capital stands in their place,
 * across the token, validity, app and egress columns.
 */
function PaperCells({ account }: { account: UserBroker }) {
  return (
    <td colSpan={4}>
      <div>{virtualCapitalLine(account)}</div>
      <div className="muted">{PAPER_REACHES_NO_BROKER}</div>
    </td>
  );
}

/** The account's egress in one line, and under it what is wrong with it, in the refused token's colour. */
function EgressCell({ account }: { account: UserBroker }) {
  const warning = egressWarning(account);
  return (
    <>
      <div>{egressLine(account)}</div>
      {warning && <div className="token-expired">{warning}</div>}
    </>
  );
}
