import type { PnlDay } from '@app/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PnlCalendar } from './PnlCalendar';
import { PnlDaysTable } from './PnlDaysTable';

const DAYS: PnlDay[] = [
  {
    day: '2026-11-23',
    realized_pnl: 650,
    charges: 40.25,
    net_pnl: 609.75,
    per_strategy: [
      {
        user_strategy_mapping_id: 7,
        strategy_name: 'RDX',
        is_dummy: 1,
        realized_pnl: 650,
        charges: 40.25,
        net_pnl: 609.75,
      },
    ],
  },
  {
    day: '2026-11-24',
    realized_pnl: -325,
    charges: 30,
    net_pnl: -355,
    per_strategy: [
      { user_strategy_mapping_id: 7, strategy_name: 'RDX', is_dummy: 1, realized_pnl: 0, charges: 10, net_pnl: -10 },
      {
        user_strategy_mapping_id: 9,
        strategy_name: 'RDX',
        is_dummy: 0,
        realized_pnl: -325,
        charges: 20,
        net_pnl: -345,
      },
    ],
  },
];

afterEach(cleanup);

describe('PnlCalendar', () => {
  it('names each traded day and its net in words and a sign, not by colour alone, and shows it on a tap', () => {
    render(<PnlCalendar days={DAYS} from="2026-11-20" to="2026-11-28" />);
    const gain = screen.getByRole('button', { name: /Mon 23 Nov 2026: net \+₹609\.75/ });
    const loss = screen.getByRole('button', { name: /Tue 24 Nov 2026: net −₹355\.00/ });
    expect(gain.textContent).toContain('+');
    expect(loss.textContent).toContain('−');
    expect(gain.className).toMatch(/pnl-cal-up/);
    expect(loss.className).toMatch(/pnl-cal-down/);
    fireEvent.click(loss);
    expect(screen.getByTestId('pnl-picked').textContent).toContain('net −₹355.00 (realized −₹325.00, charges ₹30.00)');
    expect(screen.queryByRole('button', { name: /25 Nov/ })).toBeNull();
  });
});

describe('PnlDaysTable', () => {
  it("lists the days newest first, each with its total then each strategy's part and mode", () => {
    render(<PnlDaysTable days={DAYS} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(within(rows[0]!).getByText('All strategies')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('24 Nov 2026');
    expect(rows[2]!.textContent).toContain('RDX #9');
    expect(rows[2]!.textContent).toContain('LIVE');
    expect(rows[2]!.textContent).toContain('−₹345.00');
    expect(rows[4]!.textContent).toContain('DUMMY');
  });
});
