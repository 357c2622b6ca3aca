import { api, MatchBrokerSchema, MSG } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, messageOf } from '../../api/client';
import { InputField } from '../../components/FormField';
import { Message, useFlash } from '../../components/Message';
import { Modal } from '../../components/Modal';
import { formatQuantity } from '../../lib/format';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { mappingKeys } from '../strategies/mapping-keys';
import { positionKeys } from './position-cache';
import type { MatchOffer } from './reconcile-display';

/**
 * "Match the broker" (issue 27): the trader bought a leg back in Kite by hand, so the broker no longer holds
 * what the console counts. The trader enters the price Kite's tradebook shows and the console books the leg
 * as bought back at it. Nothing is sent to the broker: buying it again would open a long.
 */
export function MatchBrokerModal({
  offer,
  onClose,
  onMatched,
}: {
  offer: MatchOffer;
  onClose: () => void;
  onMatched: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const [price, setPrice] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const once = useSingleFlight();
  // A sold leg closed in Kite was bought back there; a bought leg (issue 33) was sold.
  const isBought = offer.leg === 'bought';
  const closed = isBought ? 'sold' : 'bought back';
  const trade = isBought ? 'sale' : 'buy';

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = MatchBrokerSchema.safeParse({
      trading_symbol: offer.tradingSymbol,
      price: price.trim() === '' ? Number.NaN : Number(price),
    });
    if (!parsed.success) {
      show('error', parsed.error.issues[0]?.message ?? MSG.failedMatchBroker);
      return;
    }
    clear();
    once(async () => {
      setIsBusy(true);
      try {
        const reply = await call(api.positions.matchBroker, { params: { id: offer.mappingId }, body: parsed.data });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: positionKeys.reconcile }),
          queryClient.invalidateQueries({ queryKey: positionKeys.all }),
          queryClient.invalidateQueries({ queryKey: mappingKeys.all }),
        ]);
        const what = `${formatQuantity(reply.closed_quantity)} ${offer.tradingSymbol}`;
        onMatched(`Booked ${what} as ${closed} in ${offer.strategy}: the console matches the broker`);
      } catch (err) {
        show('error', messageOf(err, MSG.failedMatchBroker));
      } finally {
        setIsBusy(false);
      }
    });
  }

  return (
    <Modal title="Match the broker" onClose={onClose}>
      <form className="match-broker" onSubmit={onSubmit} noValidate aria-label={`Match ${offer.tradingSymbol}`}>
        <p>
          The broker no longer holds <strong>{formatQuantity(offer.quantity)}</strong> of{' '}
          <strong>{offer.tradingSymbol}</strong> that <strong>{offer.strategy}</strong> counts as{' '}
          {isBought ? 'bought' : 'sold'}: it was {closed} outside the console. Enter the price your Kite tradebook shows
          for that {trade}, and the console books it as {closed} at that price. Nothing is sent to the broker.
        </p>
        <Message flash={flash} onClose={clear} />
        <InputField
          label={`Average ${trade} price (₹)`}
          name="price"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          hint="As Kite's tradebook shows it"
        />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={isBusy}>
            {isBusy ? 'Booking...' : `Book ${formatQuantity(offer.quantity)} as ${closed}`}
          </button>
          <button type="button" disabled={isBusy} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
