import { useKillSwitch } from './kill-switch-query';
import './kill-switch.css';

/** "10:42 IST" for an engaged_at instant. */
export function istClock(iso: string): string {
  const t = new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' });
  return `${t} IST`;
}

/**
 * The banner every user sees while the admin's kill switch is engaged: nothing starts until it is
 * released. Nothing is shown while the state is unknown, so a failed read never cries wolf.
 */
export function KillSwitchBanner() {
  const state = useKillSwitch();
  if (state.data?.engaged !== true) return null;
  const at = state.data.engaged_at ? ` at ${istClock(state.data.engaged_at)}` : '';
  return (
    <div className="kill-switch-banner" role="alert" data-testid="kill-switch-banner">
      Kill switch engaged{at}: every strategy was stopped and no strategy can start until an admin releases it.
    </div>
  );
}
