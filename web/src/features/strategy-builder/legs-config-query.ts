import { api, LegsConfigSchema, type LegsConfig, type StrategyConfigReply } from '@app/contract';
import { call } from '../../api/client';

/** The query key of a mapping's settings (GET …/config), so a save refreshes every screen showing them. */
export const strategyConfigKey = (id: number) => ['strategy-config', id] as const;

/** A mapping's settings (GET …/config), cached under one key by every screen that reads them. */
export const strategyConfigQuery = (id: number) => ({
  queryKey: strategyConfigKey(id),
  queryFn: () => call(api.strategyConfigs.get, { params: { id } }),
});

/** The legs in a mapping's settings, or null when it has none saved (or is of another type). */
export function legsConfigOf(reply: StrategyConfigReply | undefined): LegsConfig | null {
  if (reply?.strategy_type !== 'legs' || !reply.config) return null;
  const parsed = LegsConfigSchema.safeParse(reply.config);
  return parsed.success ? parsed.data : null;
}
