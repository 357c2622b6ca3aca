import type { LegsConfig } from '@app/contract';
import { Link } from 'react-router';
import { legsHandOff } from '../strategy-builder/builder-plan';
import { legsSummaryLines } from '../strategy-builder/legs-summary';

/**
 * A Multi-leg configuration, read-only: the Lab runs it as the builder made it (its legs are edited there, not
 * here). "Edit in Strategy Builder" carries it back in the router's state, as Backtest carried it over.
 */
export function LegsSummary({
  config,
  instrumentId,
  template = null,
}: {
  config: LegsConfig | null;
  instrumentId: number | null;
  template?: string | null;
}) {
  const builderPath = instrumentId ? `/strategy-builder?instrument=${instrumentId}` : '/strategy-builder';
  return (
    <section className="full lab-legs" aria-label="Legs">
      <div className="lab-legs-header">
        <h3>Legs</h3>
        <Link
          to={builderPath}
          state={config && instrumentId ? legsHandOff(instrumentId, template, config) : undefined}
          className="lab-legs-edit"
        >
          {config ? 'Edit in Strategy Builder' : 'Build them in Strategy Builder'}
        </Link>
      </div>
      {config ? (
        <ul className="lab-legs-list" data-testid="lab-legs-summary">
          {legsSummaryLines(config).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          A Multi-leg backtest runs legs made in the Strategy Builder: build them there and press Backtest.
        </p>
      )}
    </section>
  );
}
