import { engineRoutes, MSG, SettleOrderSchema, type Mapping, type UnsettledOrder } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, messageOf } from '../../api/client';
import { InputField } from '../../components/FormField';
import { Message, useFlash } from '../../components/Message';
import { Modal } from '../../components/Modal';
import { formatDateTimeIst } from '../../lib/format';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { mappingKeys, patchMappingInCache } from './mapping-keys';

const unsettledKey = (id: number) => ['unsettled-orders', id] as const;

/** One order Kite no longer lists: the trader says what the Kite account shows. */
function OrderToSettle({
  mapping,
  order,
  onSettled,
}: {
  mapping: Mapping;
  order: UnsettledOrder;
  onSettled: (strategy: Mapping) => void;
}) {
  const { flash, show, clear } = useFlash();
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState(String(order.quantity));
  const [isBusy, setIsBusy] = useState(false);
  const once = useSingleFlight();

  function settle(found: { filled: true; price: number; quantity: number } | { filled: false }) {
    const parsed = SettleOrderSchema.safeParse(found);
    if (!parsed.success) {
      show('error', parsed.error.issues[0]?.message ?? MSG.failedSettleOrder);
      return;
    }
    clear();
    once(async () => {
      setIsBusy(true);
      try {
        const reply = await call(engineRoutes.settleOrder, {
          params: { id: mapping.id, orderId: order.id },
          body: parsed.data,
        });
        onSettled(reply.strategy);
      } catch (err) {
        show('error', messageOf(err, MSG.failedSettleOrder));
      } finally {
        setIsBusy(false);
      }
    });
  }

  function onFilled(e: FormEvent) {
    e.preventDefault();
    const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
    settle({ filled: true, price: asNumber(price), quantity: asNumber(quantity) });
  }

  const what = `${order.side} ${order.quantity} ${order.trading_symbol}`;
  return (
    <form className="settle-order" onSubmit={onFilled} noValidate aria-label={`Settle ${what}`}>
      <p>
        <strong>{what}</strong> ({order.intent === 'open' ? 'opening a leg' : 'buying a leg back'}), sent{' '}
        {formatDateTimeIst(order.sent_at)}.
      </p>
      <Message flash={flash} onClose={clear} />
      <InputField
        label="Average price (₹)"
        name="price"
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        hint="As the Kite account's trade book shows it"
      />
      <InputField
        label="Filled quantity"
        name="quantity"
        inputMode="numeric"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        hint={`All ${order.quantity} unless the account shows less`}
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={isBusy}>
          {isBusy ? 'Settling...' : 'It filled'}
        </button>
        <button type="button" disabled={isBusy} onClick={() => settle({ filled: false })}>
          It did not fill
        </button>
      </div>
    </form>
  );
}

/**
 * A live strategy's orders sent on an earlier day that Kite's order book (the day's) no longer holds:
 * whether they filled is in the Kite account only. The trader looks there and settles each one here; the
 * strategy waits until none is left.
 */
export function SettleOrdersModal({ mapping, onClose }: { mapping: Mapping; onClose: () => void }) {
  const queryClient = useQueryClient();
  const orders = useQuery({
    queryKey: unsettledKey(mapping.id),
    queryFn: () => call(engineRoutes.unsettledOrders, { params: { id: mapping.id } }),
  });
  const toSettle = (orders.data ?? []).filter((o) => o.is_past_order_book);

  function onSettled(strategy: Mapping) {
    patchMappingInCache(queryClient, mapping.id, strategy);
    void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
    void queryClient.invalidateQueries({ queryKey: unsettledKey(mapping.id) });
    if (strategy.orders_to_settle === 0) onClose();
  }

  return (
    <Modal title="Settle Orders" onClose={onClose}>
      <p className="muted">
        Kite keeps only the day&apos;s orders, so it can no longer say whether these filled. Look them up in your Kite
        account (Console → Tradebook), then say what happened. The strategy trades again once none is left.
      </p>
      {orders.isPending && <p>Loading...</p>}
      {orders.isError && (
        <p className="message message-error" role="alert">
          <span>{messageOf(orders.error, MSG.failedLoadUnsettledOrders)}</span>
        </p>
      )}
      {orders.isSuccess && toSettle.length === 0 && <p>No order is waiting to be settled.</p>}
      {toSettle.map((order) => (
        <OrderToSettle key={order.id} mapping={mapping} order={order} onSettled={onSettled} />
      ))}
    </Modal>
  );
}
