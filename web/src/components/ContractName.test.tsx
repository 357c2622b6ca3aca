import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContractName } from './ContractName';

describe('ContractName', () => {
  it('shows an option as Kite names it, the trading symbol on hover', () => {
    render(<ContractName symbol="NIFTY26D0224500CE" />);
    expect(screen.getByText('NIFTY 2 DEC 24500 CE').getAttribute('title')).toBe('NIFTY26D0224500CE');
  });

  it("names a monthly option's day from its expiry, and shows other symbols as they are", () => {
    render(
      <>
        <ContractName symbol="NIFTY26DEC24500PE" expiry="2026-12-29" />
        <ContractName symbol="BTCUSDT" />
      </>,
    );
    expect(screen.getByText('NIFTY 29 DEC 24500 PE')).toBeTruthy();
    expect(screen.getByText('BTCUSDT')).toBeTruthy();
  });
});
