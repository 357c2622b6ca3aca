import { contractName } from '@app/contract';

/**
 * A contract as Kite shows it ("NIFTY 2 DEC 24500 CE"); the raw trading symbol, which the API and CSVs keep,
 * on hover and for screen readers' "more".
 */
export function ContractName({ symbol, expiry }: { symbol: string; expiry?: string | null }) {
  const name = contractName(symbol, expiry);
  return name === symbol ? <>{symbol}</> : <span title={symbol}>{name}</span>;
}
