import type { Instrument } from '@app/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftFromInstrument, EMPTY_INSTRUMENT_DRAFT, type InstrumentDraft } from './instrument-form';
import { InstrumentForm } from './InstrumentForm';

const nifty: Instrument = {
  id: 1,
  name: 'NIFTY 50',
  ticker: 'NIFTY',
  instrument_token: '256265',
  lot_size: 65,
  market_open_time: '09:15',
  market_close_time: '15:30',
  timezone: 'Asia/Kolkata',
  trading_days: '1,2,3,4,5',
  market_protection: 5,
  market_status: { isOpen: true, openTime: '09:15', closeTime: '15:30', timezone: 'Asia/Kolkata', nextChange: null },
};

function setup(mode: 'create' | 'edit', initial: InstrumentDraft, onInvalid = vi.fn()) {
  const onSubmit = vi.fn();
  render(
    <InstrumentForm
      mode={mode}
      initial={initial}
      isSaving={false}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
      onInvalid={onInvalid}
    />,
  );
  return onSubmit;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('InstrumentForm: market protection', () => {
  afterEach(cleanup);

  it("offers Kite's automatic bound for a new instrument, says what -1 means, and sends what is typed", () => {
    const onSubmit = setup('create', EMPTY_INSTRUMENT_DRAFT);
    const protection = field('Market Protection (%)');
    expect(protection.value).toBe('-1');
    expect(protection.getAttribute('aria-describedby')).toBe('instrument-market-protection-hint');
    expect(screen.getByText("−1: Kite's automatic bound")).toBeTruthy();

    type('Name', 'NIFTY FIN SERVICE');
    type('Instrument Token', '257801');
    type('Lot Size', '65');
    type('Market Protection (%)', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Add Instrument' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'NIFTY FIN SERVICE', market_protection: 3 }));
  });

  it("shows an instrument's own protection when editing, and keeps it unless changed", () => {
    const onSubmit = setup('edit', draftFromInstrument(nifty));
    expect(field('Market Protection (%)').value).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'Update Instrument' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ lot_size: 65, market_protection: 5 }));
  });

  it('ignores the submit while the protection is not a whole number', () => {
    const onSubmit = setup('edit', draftFromInstrument(nifty));
    type('Market Protection (%)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Update Instrument' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('InstrumentForm: lot size', () => {
  afterEach(cleanup);

  it('refuses a fractional lot size by name and sends nothing (it was sent truncated)', () => {
    const onInvalid = vi.fn();
    const onSubmit = setup('edit', draftFromInstrument(nifty), onInvalid);
    type('Lot Size', '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Update Instrument' }));
    expect(onInvalid).toHaveBeenCalledWith('Lot Size must be a whole number');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
