import type { LegsConfig, OptionChain, StrategyTemplate } from '@app/contract';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { AlertsBell } from '../alerts/AlertsBell';
import { useSession } from '../auth/session-context';
import { chainInstruments, serverWords } from '../option-chain/chain-display';
import { useChain, useInstrumentList } from '../option-chain/useOptionChain';
import { BuilderActions } from './BuilderActions';
import { legsHandOffOf } from './builder-plan';
import { BuilderPayoff } from './BuilderPayoff';
import { buildConfig, draftOf, emptyDraft, formFields, placeErrors, type BuilderDraft } from './builder-draft';
import { EntryFields } from './EntryFields';
import { expiryDays, resolveLeg, type ResolvedLeg } from './leg-strikes';
import { LegsTable } from './LegsTable';
import { useEditedMapping, useExpiryChains, useLegsTemplates } from './useBuilderData';
import '../option-chain/option-chain.css';
import './strategy-builder.css';

/** A positive whole id from the address, or null. */
const idParam = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The address's picks (`instrument`, `template`, and `mapping` when editing a strategy), so a reload opens the
 * same index and preset, or the same strategy.
 */
function usePicks() {
  const [search, setSearch] = useSearchParams();
  const pick = useCallback(
    (changes: { instrument?: number; template?: string }) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (changes.instrument !== undefined) next.set('instrument', String(changes.instrument));
          if (changes.template !== undefined) {
            if (changes.template === '') next.delete('template');
            else next.set('template', changes.template);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return {
    instrumentId: idParam(search.get('instrument')),
    mappingId: idParam(search.get('mapping')),
    template: search.get('template') ?? '',
    pick,
  };
}

/**
 * The form starts from a configuration it is given (the strategy being edited, once read, or the legs the
 * Strategy Lab sent back), else from the picked template once the templates are read; it starts again from a
 * newly picked template (its edits are the trader's until then); a blank pick is one leg. `given` is undefined
 * while it is still being read.
 */
function useDraft(
  templateKey: string,
  templates: readonly StrategyTemplate[] | undefined,
  given: LegsConfig | null | undefined,
) {
  const [draft, setDraft] = useState<BuilderDraft>(emptyDraft);
  const [loaded, setLoaded] = useState<string | null>(null);
  const [tookGiven, setTookGiven] = useState(false);
  if (given && !tookGiven) {
    setTookGiven(true);
    setLoaded(templateKey);
    setDraft(draftOf(given));
  }
  const wanted = given === undefined ? null : templateKey === '' ? '' : templates ? templateKey : null;
  if (wanted !== null && wanted !== loaded && !(given && !tookGiven)) {
    setLoaded(wanted);
    const template = templates?.find((t) => t.key === wanted);
    setDraft(template ? draftOf(template.config) : emptyDraft());
  }
  return [draft, setDraft] as const;
}

/** Each leg's strike now: from the chain of the expiry it resolves to (null while that chain loads). */
function useResolvedLegs(instrumentId: number | null, draft: BuilderDraft) {
  const nearest = useChain(instrumentId, null);
  const days = nearest.data ? expiryDays(nearest.data.expiries) : null;
  const legDays = draft.legs.map((l) => days?.[l.expiry] ?? null);
  const needed = [...new Set(legDays.filter((d): d is string => d !== null))];
  const chains = useExpiryChains(instrumentId, needed, nearest.data);
  const resolved: (ResolvedLeg | null)[] = draft.legs.map((leg, i) => {
    if (nearest.isError) return { ok: false, reason: serverWords(nearest.error, 'the option chain could not be read') };
    if (!days) return null;
    const day = legDays[i];
    if (!day) return { ok: false, reason: 'no such expiry is listed' };
    const got = chains.get(day);
    if (got?.error) return { ok: false, reason: serverWords(got.error, 'the option chain could not be read') };
    const chain: OptionChain | undefined = got?.chain;
    return chain ? resolveLeg(leg, chain) : null;
  });
  return { resolved, nearest };
}

/**
 * The Multi-leg strategy builder (issue 33): an index and a ready template, then the legs (strike rule, stops,
 * trailing, re-entry), the strategy's entry and exit, checked by the contract's LegsConfigSchema with each message
 * beside its field; the strike and premium each leg would trade now, the net premium and the payoff; and Create
 * paper strategy, Backtest and Check margin.
 */
export function StrategyBuilderPage() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const picks = usePicks();
  const edited = useEditedMapping(picks.mappingId);
  const [handOff] = useState(() => legsHandOffOf(location.state));
  const instruments = useInstrumentList();
  const offered = chainInstruments(instruments.data ?? []);
  // An edited strategy stays on its own index; otherwise the picked one (or the first).
  const wantedInstrument = edited.mapping?.instrument_id ?? picks.instrumentId;
  const instrument = offered.find((i) => i.id === wantedInstrument) ?? (edited.mapping ? null : offered[0]) ?? null;
  const templates = useLegsTemplates();
  const given = picks.mappingId !== null ? edited.config : (handOff?.config ?? null);
  const [draft, setDraft] = useDraft(picks.template, templates.data, given);
  const { resolved, nearest } = useResolvedLegs(instrument?.id ?? null, draft);

  const built = buildConfig(draft);
  const placed = placeErrors(built.ok ? [] : built.errors, formFields(draft.legs.length));
  const errorsAt = (path: string) => placed.at.get(path);

  return (
    <div className="page">
      <PageHeader title={edited.mapping ? `Strategy Builder: strategy #${edited.mapping.id}` : 'Strategy Builder'}>
        <AlertsBell />
        <button type="button" onClick={() => void navigate('/home')}>
          Back to Home
        </button>
        <button type="button" onClick={() => void logout()}>
          Logout
        </button>
      </PageHeader>
      <div className="stack">
        <section className="card stack" aria-label="Starting point">
          <div className="sb-pickers">
            <label>
              Index
              <select
                value={instrument?.id ?? ''}
                disabled={offered.length === 0 || picks.mappingId !== null}
                onChange={(e) => picks.pick({ instrument: Number(e.target.value) })}
              >
                {offered.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Template
              <select value={picks.template} onChange={(e) => picks.pick({ template: e.target.value })}>
                <option value="">Blank (one leg)</option>
                {templates.data?.map((t) => (
                  <option key={t.key} value={t.key}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p className="muted">
            {picks.mappingId !== null
              ? `Editing the legs of strategy #${picks.mappingId}${edited.mapping ? ` (${edited.mapping.strategy_name} on ${edited.mapping.instrument_name})` : ''}: Save changes replaces them. A template replaces the form.`
              : 'A template fills the form; every field stays yours to edit. Picking another one starts the form again.'}
          </p>
          {edited.error && (
            <div className="message message-error" role="alert">
              <span>{edited.error}</span>
            </div>
          )}
          {picks.mappingId !== null && edited.isLoading && <p className="muted">Loading the strategy's legs...</p>}
          {instruments.isError && (
            <div className="message message-error" role="alert">
              <span>{serverWords(instruments.error, 'Failed to load instruments')}</span>
            </div>
          )}
          {templates.isError && (
            <div className="message message-error" role="alert">
              <span>{serverWords(templates.error, 'Failed to load the templates')}</span>
            </div>
          )}
          {instruments.isSuccess && offered.length === 0 && <p className="muted">No index with options to build on.</p>}
          {nearest.isPending && instrument && <p className="muted">Loading the option chain...</p>}
        </section>
        {placed.other.length > 0 && (
          <div className="message message-error" role="alert">
            <span>{placed.other.join(' · ')}</span>
          </div>
        )}
        <LegsTable
          legs={draft.legs}
          resolved={resolved}
          errorsAt={errorsAt}
          onChange={(legs) => setDraft((d) => ({ ...d, legs }))}
        />
        <EntryFields
          draft={draft}
          errorsAt={errorsAt}
          onEntry={(patch) => setDraft((d) => ({ ...d, entry: { ...d.entry, ...patch } }))}
          onLimits={(patch) => setDraft((d) => ({ ...d, ...patch }))}
          hasDayLimits={picks.mappingId === null}
        />
        {instrument && (
          <BuilderPayoff
            instrumentId={instrument.id}
            lotSize={instrument.lot_size}
            legs={draft.legs}
            resolved={resolved}
          />
        )}
        <BuilderActions
          instrument={instrument}
          built={built}
          template={picks.template || null}
          editing={picks.mappingId === null ? null : { mapping: edited.config === undefined ? null : edited.mapping }}
        />
      </div>
    </div>
  );
}
