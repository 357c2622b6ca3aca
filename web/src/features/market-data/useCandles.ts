import { marketDataRoutes, type DataInterval, type DataSource } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

export const candlesKeyRoot = ['candles'] as const;

export interface CandleSelection {
  source: DataSource | '';
  instrumentToken: string;
  interval: DataInterval | '';
}

/** Stored candles of one source/instrument/interval, for the chart; idle until all three are chosen. */
export function useCandles({ source, instrumentToken, interval }: CandleSelection) {
  const isComplete = Boolean(source && instrumentToken && interval);
  return useQuery({
    queryKey: [...candlesKeyRoot, source, instrumentToken, interval],
    queryFn: async () => {
      if (!source || !interval) return [];
      return (await call(marketDataRoutes.candles, { query: { source, instrumentToken, interval } })).candles;
    },
    enabled: isComplete,
  });
}
