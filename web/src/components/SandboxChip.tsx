import { useIsSandbox } from './exchange';
import './sandbox-chip.css';

/** What the SANDBOX chip means, as its tooltip and under the login form. */
export const SANDBOX_MEANING =
  'This console trades on its built-in sandbox exchange: prices are simulated and no order reaches a real broker.';

/**
 * A chip on every screen's header and on the login page while the console's orders go to its built-in
 * sandbox exchange (issue 27): a LIVE strategy there moves no real money, and nobody should think it does.
 */
export function SandboxChip() {
  if (!useIsSandbox()) return null;
  return (
    <span className="sandbox-chip" title={SANDBOX_MEANING} data-testid="sandbox-chip">
      SANDBOX
    </span>
  );
}

/** The chip's meaning in full, for the login page (a phone shows no tooltip). */
export function SandboxNote() {
  if (!useIsSandbox()) return null;
  return (
    <p className="muted sandbox-note" data-testid="sandbox-note">
      {SANDBOX_MEANING}
    </p>
  );
}
