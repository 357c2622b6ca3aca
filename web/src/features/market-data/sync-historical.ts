import type { LiveDataConfig } from '@app/contract';

type FetchOne = (config: LiveDataConfig) => Promise<{ recordsInserted: number }>;

/**
 * SPEC §7: one historical fetch per live config, summing recordsInserted. One at a time,
 * so a long list does not hit the provider's rate limits all at once; the first failure stops it.
 */
export async function syncHistorical(configs: LiveDataConfig[], fetchOne: FetchOne): Promise<number> {
  let total = 0;
  for (const config of configs) {
    const { recordsInserted } = await fetchOne(config);
    total += recordsInserted;
  }
  return total;
}
