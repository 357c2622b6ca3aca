import type { Transaction } from '@app/contract';
import { formatDateTimeIst, formatInr, formatQuantity, sideOf } from '../../lib/format';
import { ModeBadge } from '../strategies/ModeBadge';

/**
 * One fill: SPEC §3 quantity sign gives the side (positive SELL, negative BUY), shown unsigned;
 * the time in IST (the trades are on Indian exchanges), quantity and price in Indian grouping.
 */
export function TransactionRow({ transaction: t, showUser }: { transaction: Transaction; showUser: boolean }) {
  const { side, quantity } = sideOf(t.quantity);
  return (
    <tr data-testid={`transaction-${t.id}`}>
      <td data-label="Date/Time">{formatDateTimeIst(t.transaction_date)}</td>
      {showUser && <td data-label="User">{t.user_username}</td>}
      <td data-label="Symbol">{t.trading_symbol}</td>
      <td data-label="Side" className={side === 'SELL' ? 'side-sell' : 'side-buy'}>
        {side}
        {/* No order made it: the exchange closed a leg held to its contract's expiry at intrinsic value. */}
        {t.kind === 'settlement' && (
          <span className="badge settlement" title="Held to expiry: closed by the exchange at intrinsic value">
            Settlement
          </span>
        )}
      </td>
      <td data-label="Quantity" className="num">
        {formatQuantity(quantity)}
      </td>
      <td data-label="Price" className="num">
        {formatInr(t.price)}
      </td>
      <td data-label="Strategy">{t.strategy_name ?? '-'}</td>
      <td data-label="Instrument">{t.instrument_name ?? '-'}</td>
      <td data-label="Mode">
        <ModeBadge isDummy={t.is_dummy} />
      </td>
    </tr>
  );
}
