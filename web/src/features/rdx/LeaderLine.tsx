import { api } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/**
 * Which console instance runs the engine, the scheduler and live sync (the leader), and which one this
 * page talks to. With several instances behind a proxy (docs/DEPLOY.md) this says where trades are made.
 */
export function LeaderLine() {
  const health = useQuery({ queryKey: ['health'], queryFn: () => call(api.health.health), refetchInterval: 15_000 });
  // The details come with an admin's session (the RDX tab is the admin's).
  if (!health.data?.details) return null;
  const { leader, instance } = health.data.details;
  return (
    <p className="muted" data-testid="rdx-leader">
      {leader === null
        ? 'No instance is running the engine right now.'
        : `Engine instance: ${leader}${leader === instance ? ' (this console)' : ` (this console is ${instance})`}`}
    </p>
  );
}
