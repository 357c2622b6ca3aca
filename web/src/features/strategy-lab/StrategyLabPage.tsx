import type { Backtest } from '@app/contract';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message, useFlash } from '../../components/Message';
import { RegistrationPack } from './RegistrationPack';
import { PageHeader } from '../../components/PageHeader';
import { AlertsBell } from '../alerts/AlertsBell';
import { useSession } from '../auth/session-context';
import { rangeText, runName, sourceText } from './backtest-display';
import { legsHandOffOf } from '../strategy-builder/builder-plan';
import { emptyLabForm, labFormFromHandOff, labFormFromRun, type LabFormValues } from './backtest-form';
import { BacktestDetail } from './BacktestDetail';
import { BacktestForm } from './BacktestForm';
import { BacktestRuns } from './BacktestRuns';
import { CompareRuns } from './CompareRuns';
import { sweepsOf } from './sweep-display';
import { emptySweepForm, type LabMode, type SweepFormValues } from './sweep-form';
import { SweepsList } from './SweepsList';
import { SweepView } from './SweepView';
import { useBacktestMutations, useBacktests } from './useBacktests';
import { UseSettingsDialog } from './UseSettingsDialog';
import './strategy-lab.css';

/** A run id from the address, or null. */
const idParam = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

/** The address's picks (`run`, `sweep`, `a`, `b`): the open run and sweep and the two compared, so a reload keeps them. */
function usePicks() {
  const [search, setSearch] = useSearchParams();
  const pick = useCallback(
    (changes: Record<string, number | null>) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, id] of Object.entries(changes)) {
            if (id === null) next.delete(key);
            else next.set(key, String(id));
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return {
    run: idParam(search.get('run')),
    sweep: idParam(search.get('sweep')),
    a: idParam(search.get('a')),
    b: idParam(search.get('b')),
    pick,
  };
}

/**
 * The Strategy Lab (issue 30): a strategy's settings run over past days by the live engine's own rules and fill
 * code, on the console's stored history, without an order anywhere. The form queues a run or a sweep of them; the
 * list follows them live; a sweep opens into its runs best first (and a heat map of two settings); a run opens
 * into its results; two compare side by side; and a run's settings become a paper strategy. A Multi-leg
 * configuration arrives from the Strategy Builder and runs as made there.
 */
export function StrategyLabPage() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { flash, show, clear } = useFlash();
  const runs = useBacktests();
  const { create, createSweep, remove } = useBacktestMutations();
  const picks = usePicks();
  const location = useLocation();
  // The Strategy Builder's Backtest hands its legs over in the router's state: the form starts as that run.
  const [values, setValues] = useState<LabFormValues>(() => {
    const handOff = legsHandOffOf(location.state);
    return handOff ? labFormFromHandOff(Date.now(), handOff) : emptyLabForm(Date.now());
  });
  const [mode, setMode] = useState<LabMode>('run');
  const [sweep, setSweep] = useState<SweepFormValues>(emptySweepForm);
  const [usingSettingsOf, setUsingSettingsOf] = useState<Backtest | null>(null);

  const selected = runs.data?.find((r) => r.id === picks.run) ?? null;
  const sweeps = sweepsOf(runs.data ?? []);
  const busyId = remove.isPending ? (remove.variables ?? null) : null;

  function onCancel(run: Backtest) {
    remove.mutate(run.id, {
      onSuccess: () => show('success', `Backtest ${runName(run)} cancelled`),
      onError: (err) => show('error', messageOf(err, 'Failed to cancel the backtest')),
    });
  }

  async function onDelete(run: Backtest) {
    const yes = await confirm({
      title: 'Delete this backtest?',
      text: 'Its results go with it; the strategy settings it tried are not touched.',
      details: [runName(run), `${run.instrument_name}, ${rangeText(run)}`, `Prices: ${sourceText(run)}`],
      confirmLabel: 'Delete',
      isDanger: true,
    });
    if (!yes) return;
    remove.mutate(run.id, {
      onSuccess: () => {
        show('success', `Backtest ${runName(run)} deleted`);
        picks.pick({
          ...(picks.run === run.id ? { run: null } : {}),
          ...(picks.a === run.id ? { a: null } : {}),
          ...(picks.b === run.id ? { b: null } : {}),
        });
      },
      onError: (err) => show('error', messageOf(err, 'Failed to delete the backtest')),
    });
  }

  /** A variation of one run: the form as that run was set, as one backtest (a sweep's run included). */
  function tryChanges(run: Backtest) {
    setValues(labFormFromRun(run));
    setMode('run');
    document.querySelector('.lab-form')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  return (
    <div className="page">
      <PageHeader title="Strategy Lab">
        <AlertsBell />
        <button type="button" onClick={() => void navigate('/home')}>
          Back to Home
        </button>
        <button type="button" onClick={() => void logout()}>
          Logout
        </button>
      </PageHeader>
      <div className="stack">
        <p className="muted lab-intro">
          Try a strategy&apos;s settings over past days before trading them: the engine replays the stored candles with
          the live rules and fill code. No order goes anywhere.
        </p>
        <Message flash={flash} onClose={clear} />
        <BacktestForm
          values={values}
          onChange={setValues}
          mode={mode}
          onModeChange={setMode}
          sweep={sweep}
          onSweepChange={setSweep}
          create={create}
          createSweep={createSweep}
          onQueued={(id) => picks.pick({ run: id })}
          onSweepQueued={(id) => picks.pick({ sweep: id, run: null })}
        />
        <BacktestRuns
          runs={runs.data}
          isLoading={runs.isPending}
          selectedId={picks.run}
          busyId={busyId}
          onView={(run) => picks.pick({ run: run.id })}
          onCancel={onCancel}
          onDelete={(run) => void onDelete(run)}
        />
        {runs.isError && (
          <div className="message message-error" role="alert">
            <span>{messageOf(runs.error, 'Failed to load the backtests')}</span>
          </div>
        )}
        <SweepsList sweeps={sweeps} openId={picks.sweep} onOpen={(id) => picks.pick({ sweep: id })} />
        {picks.sweep !== null && (
          <SweepView
            id={picks.sweep}
            listed={runs.data}
            selectedId={picks.run}
            onOpenRun={(id) => picks.pick({ run: id })}
            onClose={() => picks.pick({ sweep: null })}
          />
        )}
        {selected && (
          <BacktestDetail
            run={selected}
            onTryChanges={tryChanges}
            onUseSettings={setUsingSettingsOf}
            onClose={() => picks.pick({ run: null })}
          />
        )}
        <CompareRuns runs={runs.data} a={picks.a} b={picks.b} onPick={(which, id) => picks.pick({ [which]: id })} />
        <RegistrationPack type="RDX" onError={(text) => show('error', text)} />
      </div>
      {usingSettingsOf && (
        <UseSettingsDialog
          run={usingSettingsOf}
          onClose={() => setUsingSettingsOf(null)}
          onDone={(result) => {
            setUsingSettingsOf(null);
            show(result.kind, result.text, { isSticky: true });
          }}
        />
      )}
    </div>
  );
}
