import { api } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { transactionKeys } from '../transactions/transaction-keys';

/**
 * A strategy's chart data from the server: its underlying's stored candles at the strategy's interval and
 * its fills of today (IST). Kept under the transactions keys, so a new transaction reads it again.
 */
export function useStrategyChart(mappingId: number) {
  return useQuery({
    queryKey: [...transactionKeys.all, 'strategy-chart', mappingId],
    queryFn: () => call(api.positions.chart, { params: { id: mappingId } }),
  });
}
