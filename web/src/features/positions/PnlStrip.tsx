import type { ModeFigures, PnlFigures, PositionsReply } from '@app/contract';
import { MODE_LABELS } from '@app/contract';
import { formatInr, formatTimeIst } from '../../lib/format';
import { CHARGES_ESTIMATE_NOTE, chargesLabel, DAY_PNL_TITLE, formatPnl, pnlClass } from './pnl-display';
import './positions.css';

function Figure({ label, rupees, isCost = false }: { label: string; rupees: number; isCost?: boolean }) {
  // Charges are a cost, not a result: shown as an amount, without profit/loss colour or sign.
  return (
    <div>
      <dt>{label}</dt>
      <dd className={isCost ? 'pnl-cost' : pnlClass(rupees)}>{isCost ? formatInr(rupees) : formatPnl(rupees).text}</dd>
    </div>
  );
}

/** Kite's day P&L beside ours (issue 28); a dash while a previous close is not known. */
function KiteDayFigure({ label, rupees }: { label: string; rupees: number | null }) {
  return (
    <div title={rupees === null ? 'Previous close not known yet' : DAY_PNL_TITLE}>
      <dt>{label}</dt>
      <dd className={rupees === null ? 'muted' : pnlClass(rupees)}>{rupees === null ? '-' : formatPnl(rupees).text}</dd>
    </div>
  );
}

function Signed({ rupees }: { rupees: number }) {
  return <span className={pnlClass(rupees)}>{formatPnl(rupees).text}</span>;
}

/**
 * Live (real money) and paper apart, when the list holds both: a paper profit must not hide a live loss.
 * Net first: on a phone the line may scroll, and net is what a trader looks for.
 */
function ByMode({ modes, chargesHead }: { modes: PositionsReply['by_mode']; chargesHead: string }) {
  const rows: Array<['live' | 'paper', ModeFigures]> = [
    ['live', modes.live],
    ['paper', modes.paper],
  ];
  return (
    <div className="table-wrap">
      <table className="pnl-by-mode" aria-label="Today's P&L by mode">
        <thead>
          <tr>
            <th scope="col">Mode</th>
            <th scope="col">Net</th>
            <th scope="col">Realized</th>
            <th scope="col">Unrealized</th>
            <th scope="col">{chargesHead}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([mode, m]) => (
            <tr key={mode} data-testid={`pnl-mode-${mode}`}>
              <th scope="row">
                {MODE_LABELS[mode]} ({m.strategies})
              </th>
              {/* data-label: on a phone each figure is a labelled line under its mode (positions.css). */}
              <td data-label="Net">
                <Signed rupees={m.today.net_pnl} />
              </td>
              <td data-label="Realized">
                <Signed rupees={m.today.realized_pnl} />
              </td>
              <td data-label="Unrealized">
                <Signed rupees={m.today.unrealized_pnl} />
              </td>
              <td data-label={chargesHead} className="pnl-cost">
                {formatInr(m.today.charges)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** DUMMY or LIVE when every listed strategy is of that mode, else null (both, or none). */
function onlyMode(modes: PositionsReply['by_mode'] | undefined): string | null {
  if (!modes) return null;
  if (modes.live.strategies > 0 && modes.paper.strategies === 0) return MODE_LABELS.live;
  if (modes.paper.strategies > 0 && modes.live.strategies === 0) return MODE_LABELS.paper;
  return null;
}

/**
 * Today's P&L above the Active Strategies table: realized, unrealized, charges and net across the listed
 * strategies (the user's own, or every user's for an admin), for the IST calendar day. Charges are the day's
 * contract notes as computed so far, marked as an estimate until the day closes. The heading names the mode
 * when all are of one; with both, a line per mode follows the sums. Kite's day P&L (before charges) closes the
 * line: a position held overnight counts from the previous close there, from its entry in ours (issue 28).
 */
export function PnlStrip({
  today,
  byMode,
  chargesFinal,
  asOf,
  scopeLabel,
  kiteDayPnl,
}: {
  today: PnlFigures;
  byMode?: PositionsReply['by_mode'];
  /** The reply's `charges_final`: false while today's charges may still change. */
  chargesFinal: boolean;
  asOf: string;
  scopeLabel?: string;
  /** Kite's day P&L of the listed strategies (`kiteDayPnlOf`); omitted: not shown. */
  kiteDayPnl?: number | null;
}) {
  const chargesHead = chargesLabel(chargesFinal);
  const scope = [scopeLabel, onlyMode(byMode)].filter(Boolean).join(', ');
  const isMixed = byMode !== undefined && byMode.live.strategies > 0 && byMode.paper.strategies > 0;
  return (
    <section className="pnl-strip" aria-labelledby="pnl-strip-title">
      <div className="pnl-strip-header">
        <h3 id="pnl-strip-title">Today (IST){scope ? `, ${scope}` : ''}</h3>
        <span className="muted pnl-strip-note">
          {chargesFinal ? 'Charges as the contract notes compute them' : CHARGES_ESTIMATE_NOTE} (Zerodha F&amp;O rates)
          · as of {formatTimeIst(asOf)}
        </span>
      </div>
      <div className="pnl-strip-line">
        <dl className="pnl-strip-figures" aria-label="Today's P&L">
          <Figure label="Realized" rupees={today.realized_pnl} />
          <Figure label="Unrealized" rupees={today.unrealized_pnl} />
          <Figure label={chargesHead} rupees={today.charges} isCost />
          <Figure label={isMixed ? `Net (${MODE_LABELS.live} + ${MODE_LABELS.paper})` : 'Net'} rupees={today.net_pnl} />
        </dl>
        {kiteDayPnl !== undefined && (
          <dl className="pnl-strip-figures pnl-strip-kite" aria-label="Kite's day P&L">
            <KiteDayFigure label="Kite day P&L" rupees={kiteDayPnl} />
          </dl>
        )}
      </div>
      {isMixed && <ByMode modes={byMode} chargesHead={chargesHead} />}
    </section>
  );
}
