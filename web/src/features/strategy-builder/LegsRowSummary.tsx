import type { Mapping } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { legsConfigOf, strategyConfigQuery } from './legs-config-query';
import { entryText, exitText, legText } from './legs-summary';

/**
 * A Multi-leg row's settings on Home, shortly: each leg on its own line, then its entry and exit. As RDX's row
 * summary, nothing is shown while they are read or when the read fails (the row's status says why it trades or not).
 */
export function LegsRowSummary({ mapping }: { mapping: Mapping }) {
  const reply = useQuery({ ...strategyConfigQuery(mapping.id), staleTime: 60_000 });
  const config = legsConfigOf(reply.data);
  if (!config) return reply.isSuccess ? <span className="muted">No legs saved</span> : null;
  return (
    <span className="rdx-summary" data-testid="legs-summary">
      {config.legs.map((leg, i) => (
        <span key={i}>{legText(leg)}</span>
      ))}
      <span className="muted">
        {entryText(config.entry)} · {exitText(config.exit_at)}
      </span>
    </span>
  );
}
