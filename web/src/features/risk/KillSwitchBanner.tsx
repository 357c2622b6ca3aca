import { useKillSwitch } from './kill-switch-query';
import './kill-switch.css';

/** "10:42 IST" for an engaged_at instant. */
export function istClock(iso: string): string {
  const t = new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' });
  return `${t} IST`;
}

/**
 * The banner every user sees while the admin's kill switch is engaged, on every admin tab too: nothing
 * starts until it is released (an admin reads where). Nothing is shown while the state is unknown, so a
 * failed read never cries wolf.
 */
export function KillSwitchBanner({ forAdmin = false }: { forAdmin?: boolean }) {
  const state = useKillSwitch();
  if (state.data?.engaged !== true) return null;
  const at = state.data.engaged_at ? ` at ${istClock(state.data.engaged_at)}` : '';
  const by = forAdmin && state.data.engaged_by ? ` by ${state.data.engaged_by}` : '';
  const until = forAdmin ? 'it is released on the RDX tab' : 'an admin releases it';
  return (
    <div className="kill-switch-banner" role="alert" data-testid="kill-switch-banner">
      Kill switch engaged{by}
      {at}: every strategy was stopped and no strategy can start until {until}.
    </div>
  );
}
