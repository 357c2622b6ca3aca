import type { PaperPriceSource, Transaction } from '@app/contract';
import { formatDateTimeIst, formatInr, formatQuantity, sideOf } from '../../lib/format';
import { ModeBadge } from '../strategies/ModeBadge';
import { ContractName } from '../../components/ContractName';

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
      <td data-label="Symbol">
        <ContractName symbol={t.trading_symbol} />
      </td>
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
        {t.price_source && <PaperPriceNote source={t.price_source} side={side} />}
      </td>
      <td data-label="Strategy">{t.strategy_name ?? '-'}</td>
      <td data-label="Instrument">{t.instrument_name ?? '-'}</td>
      <td data-label="Mode">
        <ModeBadge isDummy={t.is_dummy} />
      </td>
    </tr>
  );
}

/**
 * How a paper fill was priced (issue 28, docs/LEDGER.md "Paper fills"): at the quote's bids for a sell and
 * offers for a buy, as a market order would have filled, or by the stated spread model when no depth was known.
 */
function PaperPriceNote({ source, side }: { source: PaperPriceSource; side: 'BUY' | 'SELL' }) {
  const text = source === 'quote_depth' ? (side === 'SELL' ? 'at the bid' : 'at the offer') : 'spread model';
  const title =
    source === 'quote_depth'
      ? `Paper fill at the quote's ${side === 'SELL' ? 'bids' : 'offers'}, as a market order would have filled`
      : 'Paper fill with no depth known: one tick (₹0.05) worse than the last price, half a two-tick spread';
  return (
    <span className="price-source" title={title}>
      {text}
    </span>
  );
}
