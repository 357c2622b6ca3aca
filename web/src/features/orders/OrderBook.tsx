import { api, ORDER_STATUSES, type AdminBookOrder, type BookOrder } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call, messageOf } from '../../api/client';
import { Pagination } from '../../components/Pagination';
import { formatDateTimeIst, formatInr } from '../../lib/format';
import { DayRangeFields } from '../../components/DayRangeFields';
import { StrategySelect } from '../strategies/StrategySelect';
import { filledText, NO_ORDER_FILTERS, orderBookQuery, STATUS_WORDS, type OrderFilters } from './order-book-display';
import { OrderTracePanel } from './OrderTracePanel';
import './orders.css';
import { ContractName } from '../../components/ContractName';

const PAGE_SIZE = 25;
const FAILED = 'Failed to load the order book';

/** A live order: only those have an id of their own, and so a trace. */
type TracedOrder = BookOrder & { id: number };
const isTraced = (o: BookOrder): o is TracedOrder => o.kind === 'live' && o.id !== null;

/** 'mine': the trader's own book; 'all': every user's (admin), each row naming its user. */
export type OrderBookScope = 'mine' | 'all';

const hasUser = (o: BookOrder): o is AdminBookOrder => 'user_username' in o;

function OrderRow({
  o,
  isTraceOpen,
  onTrace,
  showUser,
}: {
  o: BookOrder;
  isTraceOpen: boolean;
  onTrace: (o: TracedOrder) => void;
  showUser: boolean;
}) {
  const isRefused = o.status === 'rejected' || o.status === 'cancelled';
  return (
    <tr
      className={isRefused ? 'order-refused' : undefined}
      data-testid={`order-${o.kind}-${o.id ?? o.time}-${o.trading_symbol}`}
    >
      <td data-label="Time">{formatDateTimeIst(o.time)}</td>
      {showUser && <td data-label="User">{hasUser(o) ? (o.user_username ?? '-') : '-'}</td>}
      <td data-label="Strategy">
        {o.strategy_name ?? '-'} · {o.instrument_name ?? '-'}
      </td>
      <td data-label="Account">{o.account}</td>
      <td data-label="Symbol">
        <ContractName symbol={o.trading_symbol} />
      </td>
      <td data-label="Side">{o.side}</td>
      <td data-label="Filled" className="num">
        {filledText(o)}
      </td>
      <td data-label="Avg price" className="num">
        {o.average_price === null ? '-' : formatInr(o.average_price)}
      </td>
      <td data-label="Status">
        <span className={`badge order-status-${o.status}`}>{STATUS_WORDS[o.status]}</span>
        {o.message && (
          <div className="order-reason" role="note">
            {o.message}
          </div>
        )}
      </td>
      {/* Paper rows have no trace: the cell stays empty, so a phone's card leaves the line out. */}
      <td data-label="Actions">
        {isTraced(o) && (
          <button type="button" onClick={() => onTrace(o)} aria-expanded={isTraceOpen}>
            Trace
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * The trader's order book (issue 32 item 2): every order their strategies sent to a broker or simulated on
 * paper, newest first, with what filled at what average, and a refused order's reason in the broker's words.
 * The admin's (`scope="all"`, the Orders tab) is every user's, each row naming its user, filtered by username.
 */
export function OrderBook({ scope = 'mine' }: { scope?: OrderBookScope }) {
  const [filters, setFilters] = useState<OrderFilters>(NO_ORDER_FILTERS);
  const [page, setPage] = useState(0);
  const [traced, setTraced] = useState<TracedOrder | null>(null);
  const showUser = scope === 'all';
  const book = useQuery({
    queryKey: ['orders', scope, filters, page],
    queryFn: (): Promise<{ orders: BookOrder[]; total: number }> => {
      const query = orderBookQuery(filters, page, PAGE_SIZE);
      return showUser ? call(api.orders.listAll, { query }) : call(api.orders.list, { query });
    },
    placeholderData: keepPreviousData,
  });
  const set = (next: Partial<OrderFilters>) => {
    setFilters({ ...filters, ...next });
    setPage(0);
  };
  const data = book.data;
  return (
    <section className="stack">
      <form className="card form-grid" aria-label="Order filters" onSubmit={(ev) => ev.preventDefault()}>
        <label>
          Status
          <select value={filters.status} onChange={(ev) => set({ status: ev.target.value as OrderFilters['status'] })}>
            <option value="">All orders</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_WORDS[s]}
              </option>
            ))}
          </select>
        </label>
        <DayRangeFields from={filters.from} to={filters.to} onChange={set} />
        {showUser ? (
          <label>
            User
            <input
              type="search"
              value={filters.user}
              placeholder="username"
              maxLength={64}
              onChange={(ev) => set({ user: ev.target.value })}
            />
          </label>
        ) : (
          <StrategySelect value={filters.mappingId} onChange={(mappingId) => set({ mappingId })} />
        )}
      </form>
      <div className="card">
        {book.isPending && <p className="muted">Loading the order book...</p>}
        {book.isError && (
          <div className="message message-error" role="alert">
            {messageOf(book.error, FAILED)}
          </div>
        )}
        {data && data.orders.length === 0 && <p className="muted">No orders match.</p>}
        {data && data.orders.length > 0 && (
          <>
            <div className="table-wrap">
              <table className="table cards-narrow order-book" aria-label="Order book">
                <thead>
                  <tr>
                    <th>Time</th>
                    {showUser && <th>User</th>}
                    <th>Strategy</th>
                    <th>Account</th>
                    <th>Symbol</th>
                    <th>Side</th>
                    <th className="num">Filled</th>
                    <th className="num">Avg price</th>
                    <th>Status</th>
                    <th>Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.orders.map((o) => (
                    <OrderRow
                      key={`${o.kind}-${o.id ?? ''}-${o.time}-${o.trading_symbol}-${o.side}`}
                      o={o}
                      showUser={showUser}
                      isTraceOpen={o.kind === 'live' && o.id === traced?.id}
                      onTrace={(next) => setTraced((open) => (open?.id === next.id ? null : next))}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        )}
      </div>
      {traced && <OrderTracePanel key={traced.id} order={traced} onClose={() => setTraced(null)} />}
    </section>
  );
}
