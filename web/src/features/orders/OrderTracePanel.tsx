import { api, type BookOrder, type OrderTrace } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call, messageOf } from '../../api/client';
import { formatDateTimeIst, formatPrice } from '../../lib/format';
import { fillQuantityText, traceLines, traceTitle } from './order-trace-words';
import './orders.css';

const FAILED = "Failed to load the order's trace";

/**
 * What made a live order and what came of it (issue 31 item 7): its rules and algo ID, the decision's inputs, who
 * asked for it and each fill the broker reported. A card of its own under the book, so a phone reads it whole
 * instead of inside the sideways-scrolling table.
 */
export function OrderTracePanel({ order, onClose }: { order: BookOrder & { id: number }; onClose: () => void }) {
  const trace = useQuery({
    queryKey: ['orders', 'trace', order.id],
    queryFn: () => call(api.orders.trace, { params: { id: order.id } }),
  });
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    root.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [order.id]);
  const title = traceTitle(order);
  return (
    <div className="card" ref={root} role="region" aria-label={title}>
      <div className="view-header">
        <h3>{title}</h3>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {trace.isPending && <p className="muted">Loading the trace...</p>}
      {trace.isError && (
        <div className="message message-error" role="alert">
          {messageOf(trace.error, FAILED)}
        </div>
      )}
      {trace.data && <TraceBody trace={trace.data} />}
    </div>
  );
}

function TraceBody({ trace }: { trace: OrderTrace }) {
  return (
    <>
      {traceLines(trace).map((line) => (
        <p key={line} className="order-trace-line">
          {line}
        </p>
      ))}
      {trace.fills.length === 0 ? (
        <p className="muted">No fills.</p>
      ) : (
        <div className="table-wrap">
          <table className="table cards-narrow" aria-label="Fills">
            <thead>
              <tr>
                <th>Time (IST)</th>
                <th>Trade ID</th>
                <th className="num">Quantity</th>
                <th className="num">Price (₹)</th>
              </tr>
            </thead>
            <tbody>
              {trace.fills.map((f) => (
                <tr key={f.id}>
                  <td data-label="Time (IST)">{formatDateTimeIst(f.time)}</td>
                  <td data-label="Trade ID">{f.trade_id ?? '-'}</td>
                  <td data-label="Quantity" className="num">
                    {fillQuantityText(f.quantity)}
                  </td>
                  <td data-label="Price (₹)" className="num">
                    {formatPrice(f.price)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
