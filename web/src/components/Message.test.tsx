import { act, cleanup, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Message, useFlash } from './Message';

describe('Message', () => {
  afterEach(cleanup);

  it('shows a report as its text with one list item per line, errors as alerts', () => {
    render(
      <Message
        flash={{
          kind: 'error',
          text: '1 of 2 failed',
          details: ['A 5m (Kite): failed - down', 'B 5m (Kite): 3 fetched, 1 new'],
        }}
        onClose={() => {}}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.querySelector(':scope > span')?.textContent).toBe('1 of 2 failed');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A 5m (Kite): failed - down', 'B 5m (Kite): 3 fetched, 1 new']);
  });
});

describe('useFlash', () => {
  afterEach(() => vi.useRealTimers());

  it('dismisses a message after 5 s but keeps a sticky report until it is closed', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useFlash());
    act(() => result.current.show('success', 'done'));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.flash).toBeNull();

    act(() => result.current.show('error', 'report', { details: ['x'], isSticky: true }));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current.flash?.text).toBe('report');
    act(() => result.current.clear());
    expect(result.current.flash).toBeNull();
  });

  it('clearError drops an error but leaves a success', () => {
    const { result } = renderHook(() => useFlash());
    act(() => result.current.show('success', 'saved'));
    act(() => result.current.clearError());
    expect(result.current.flash?.text).toBe('saved');
    act(() => result.current.show('error', 'Please fill in all fields'));
    act(() => result.current.clearError());
    expect(result.current.flash).toBeNull();
  });

  it('addError keeps the error on show and adds the new one below it, once', () => {
    const { result } = renderHook(() => useFlash());
    act(() => result.current.addError('Failed to fetch active strategies'));
    expect(result.current.flash).toEqual({ kind: 'error', text: 'Failed to fetch active strategies' });
    act(() => result.current.show('error', 'Failed to pause strategy'));
    act(() => result.current.addError('Failed to fetch active strategies'));
    act(() => result.current.addError('Failed to fetch active strategies'));
    expect(result.current.flash).toEqual({
      kind: 'error',
      text: 'Failed to pause strategy',
      details: ['Failed to fetch active strategies'],
    });
    act(() => result.current.show('success', 'saved'));
    act(() => result.current.addError('Failed to fetch active strategies'));
    expect(result.current.flash?.text).toBe('Failed to fetch active strategies');
  });
});
