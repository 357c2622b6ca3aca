import { sql, type Kysely } from 'kysely';
import { integerArray } from '../../db/pg-arrays.js';
import type { DB } from '../../db/schema.js';
import { waitBeforeSend, windowsOf, type OrderLimits, type SendLedger } from './order-throttle.js';

/**
 * An account's order requests counted in PostgreSQL, shared by every console (migration
 * 202611260010): a turn locks the account's row, drops what is older than a minute, and records a send
 * only if the limits allow one now. Time is the database's, so consoles whose clocks differ still count
 * one window.
 */
export function postgresSendLedger(db: Kysely<DB>, limits: OrderLimits): SendLedger {
  const { minute } = windowsOf(limits);
  return {
    tryTake(account) {
      return db.transaction().execute(async (trx) => {
        await sql`insert into order_send_windows (user_broker_id) values (${account}) on conflict do nothing`.execute(
          trx,
        );
        const { rows } = await sql<{ sends: Array<string | number>; now: string | number }>`
          select sent_at_ms as sends, (extract(epoch from clock_timestamp()) * 1000)::bigint as now
          from order_send_windows where user_broker_id = ${account} for update`.execute(trx);
        const row = rows[0];
        if (!row) throw new Error(`no send window for broker account ${account}`);
        const at = Number(row.now);
        const recent = row.sends.map(Number).filter((t) => at - t < minute);
        const wait = waitBeforeSend(recent, at, limits);
        if (wait > 0) return wait;
        await sql`update order_send_windows set sent_at_ms = ${integerArray([...recent, at])}::bigint[]
          where user_broker_id = ${account}`.execute(trx);
        return 0;
      });
    },
  };
}
