import type { OptionChain } from '@app/contract';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { formatTimeIst } from '../../lib/format';
import { AlertsBell } from '../alerts/AlertsBell';
import { useSession } from '../auth/session-context';
import { atmStrike, chainFacts, chainInstruments, expiryText, serverWords } from './chain-display';
import { ChainTable } from './ChainTable';
import { IvSmileChart } from './IvSmileChart';
import { addLeg, type LegDraft, type Side } from './payoff-legs';
import { PayoffPanel } from './PayoffPanel';
import { useChain, useInstrumentList } from './useOptionChain';
import './option-chain.css';

/** The address's picks (`instrument`, `expiry`), so a reload keeps the chain the trader was reading. */
function usePicks() {
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('instrument'));
  const expiry = search.get('expiry');
  const pick = useCallback(
    (changes: { instrument?: number; expiry?: string | null }) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (changes.instrument !== undefined) next.set('instrument', String(changes.instrument));
          if (changes.expiry === null) next.delete('expiry');
          else if (changes.expiry !== undefined) next.set('expiry', changes.expiry);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return {
    instrumentId: Number.isInteger(id) && id > 0 ? id : null,
    expiry: expiry && /^\d{4}-\d{2}-\d{2}$/.test(expiry) ? expiry : null,
    pick,
  };
}

function ChainFacts({ chain, updatedAt, isFetching }: { chain: OptionChain; updatedAt: number; isFetching: boolean }) {
  return (
    <>
      <dl className="oc-facts" data-testid="chain-facts">
        {chainFacts(chain).map((f) => (
          <div key={f.label} {...(f.title ? { title: f.title } : {})}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted oc-updated" data-testid="chain-updated" aria-live="off">
        Updated {formatTimeIst(updatedAt)}
        {isFetching ? ' · refreshing' : ''} · every 5 s while open
      </p>
    </>
  );
}

/** "A click on a price adds: Buy | Sell". */
function SideToggle({ side, onChange }: { side: Side; onChange: (side: Side) => void }) {
  return (
    <div className="oc-side-toggle" role="group" aria-label="A click on a price adds">
      <span className="muted">A click on a price adds:</span>
      {(['BUY', 'SELL'] as const).map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={side === s}
          className={side === s ? `oc-side-on oc-side-${s.toLowerCase()}` : undefined}
          onClick={() => onChange(s)}
        >
          {s === 'BUY' ? 'Buy' : 'Sell'}
        </button>
      ))}
    </div>
  );
}

/**
 * The option chain (issue 34, docs/ANALYTICS.md): an index's options around the money for one expiry with each
 * option's IV and greeks, refreshed every few seconds; the IV smile; and a payoff calculator whose legs the
 * trader adds from the chain.
 */
export function OptionChainPage() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const picks = usePicks();
  const instruments = useInstrumentList();
  const offered = chainInstruments(instruments.data ?? []);
  const instrument = offered.find((i) => i.id === picks.instrumentId) ?? offered[0] ?? null;
  const chain = useChain(instrument?.id ?? null, picks.expiry);
  const [side, setSide] = useState<Side>('SELL');
  const [legs, setLegs] = useState<LegDraft[]>([]);
  const data = chain.data;
  const atm = data ? atmStrike(data.strikes, data.underlying_price) : null;

  return (
    <div className="page">
      <PageHeader title="Option Chain">
        <AlertsBell />
        <button type="button" onClick={() => void navigate('/home')}>
          Back to Home
        </button>
        <button type="button" onClick={() => void logout()}>
          Logout
        </button>
      </PageHeader>
      <div className="stack">
        <section className="card stack" aria-label="Chain choice">
          <div className="oc-pickers">
            <label>
              Instrument
              <select
                value={instrument?.id ?? ''}
                disabled={offered.length === 0}
                onChange={(e) => {
                  picks.pick({ instrument: Number(e.target.value), expiry: null });
                  setLegs([]); // another underlying's legs mean nothing here
                }}
              >
                {offered.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Expiry
              <select
                value={data?.expiry ?? picks.expiry ?? ''}
                disabled={!data}
                onChange={(e) => picks.pick({ expiry: e.target.value })}
              >
                {(data?.expiries ?? (picks.expiry ? [picks.expiry] : [])).map((d, i) => (
                  <option key={d} value={d}>
                    {expiryText(d)}
                    {i === 0 ? ' (nearest)' : ''}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {instruments.isError && (
            <div className="message message-error" role="alert">
              {serverWords(instruments.error, 'Failed to load instruments')}
            </div>
          )}
          {instruments.isSuccess && offered.length === 0 && <p className="muted">No instruments to show.</p>}
          {chain.isError && (
            <div className="message message-error" role="alert">
              {serverWords(chain.error, 'Could not load the option chain')}
            </div>
          )}
          {chain.isPending && instrument && <p className="muted">Loading the option chain...</p>}
          {data && <ChainFacts chain={data} updatedAt={chain.dataUpdatedAt} isFetching={chain.isFetching} />}
        </section>
        {data && (
          <section className="card stack" aria-labelledby="chain-title">
            <div className="view-header">
              <h3 id="chain-title">
                {instrument?.name} · {expiryText(data.expiry)}
              </h3>
              <SideToggle side={side} onChange={setSide} />
            </div>
            {data.strikes.length === 0 ? (
              <p className="muted">No strikes listed for this expiry.</p>
            ) : (
              <ChainTable
                strikes={data.strikes}
                atm={atm}
                underlying={data.underlying_price}
                side={side}
                onPick={(strike, type) => setLegs((prev) => addLeg(prev, data, strike, type, side))}
              />
            )}
          </section>
        )}
        {data && data.strikes.length > 0 && (
          <section className="card stack" aria-labelledby="smile-title">
            <h3 id="smile-title">IV smile</h3>
            <IvSmileChart strikes={data.strikes} underlying={data.underlying_price} atm={atm} />
          </section>
        )}
        {instrument && (
          <PayoffPanel
            instrumentId={instrument.id}
            lotSize={instrument.lot_size}
            chain={data}
            atm={atm}
            legs={legs}
            onLegsChange={setLegs}
          />
        )}
      </div>
    </div>
  );
}
