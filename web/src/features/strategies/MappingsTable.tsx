import { MSG, type Mapping } from '@app/contract';
import { mappingTokenNote } from '../brokers/token-validity';
import { ModeBadge } from './ModeBadge';
import { activeWord, statusBadgeClass, statusLabel, windowLabel } from './strategy-display';

/** 'Existing Strategy Mappings' (SPEC §2), with Edit and Delete on each row. */
export function MappingsTable({
  mappings,
  isLoading,
  showUser,
  editingId,
  deletingId,
  onEdit,
  onDelete,
}: {
  mappings: Mapping[] | undefined;
  isLoading: boolean;
  showUser: boolean;
  editingId: number | null;
  deletingId: number | null;
  onEdit: (mapping: Mapping) => void;
  onDelete: (mapping: Mapping) => void;
}) {
  return (
    <section className="card" aria-labelledby="existing-mappings-title">
      <h3 id="existing-mappings-title">Existing Strategy Mappings</h3>
      {isLoading && <p className="muted">Loading strategy mappings...</p>}
      {mappings && mappings.length === 0 && <p className="muted">{MSG.noMappings}</p>}
      {mappings && mappings.length > 0 && (
        <div className="table-wrap">
          <table className="table" aria-label="Existing Strategy Mappings">
            <thead>
              <tr>
                {showUser && <th>User</th>}
                <th>Strategy</th>
                <th>Instrument</th>
                <th>Broker</th>
                <th>Active</th>
                <th>Mode</th>
                <th>CE</th>
                <th>PE</th>
                <th>Window</th>
                <th>Status</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {mappings.map((m) => {
                const status = statusLabel(m.running_status);
                const tokenNote = mappingTokenNote(m);
                return (
                  <tr key={m.id} data-testid={`mapping-${m.id}`} aria-current={m.id === editingId ? 'true' : undefined}>
                    {showUser && <td>{m.user_username}</td>}
                    <td>{m.strategy_name}</td>
                    <td>{m.instrument_name}</td>
                    <td>
                      {m.broker_username ?? '-'}
                      {tokenNote && (
                        <span className="mapping-token-note" data-testid="mapping-token-note">
                          {tokenNote}
                        </span>
                      )}
                    </td>
                    <td>{activeWord(m.is_active)}</td>
                    <td>
                      <ModeBadge isDummy={m.is_dummy} />
                    </td>
                    <td className="num">{m.ce_count}</td>
                    <td className="num">{m.pe_count}</td>
                    <td>{windowLabel(m.start_time, m.end_time)}</td>
                    <td>
                      <span className={statusBadgeClass(status)}>{status}</span>
                    </td>
                    <td>
                      <div className="row">
                        <button type="button" onClick={() => onEdit(m)}>
                          Edit
                        </button>
                        <button
                          type="button"
                          className="danger"
                          onClick={() => onDelete(m)}
                          disabled={deletingId === m.id}
                        >
                          {deletingId === m.id ? 'Deleting...' : 'Delete'}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
