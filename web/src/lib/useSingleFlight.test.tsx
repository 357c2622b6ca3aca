import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSingleFlight } from './useSingleFlight';

describe('useSingleFlight', () => {
  it('drops a second call while the first is in flight, and runs again once it settles', async () => {
    const { result } = renderHook(() => useSingleFlight());
    let finish = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    result.current(action);
    result.current(action);
    expect(action).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => {
      result.current(action);
      expect(action).toHaveBeenCalledTimes(2);
    });
  });

  it('frees the guard after a failure without an unhandled rejection', async () => {
    const { result } = renderHook(() => useSingleFlight());
    const failing = vi.fn(() => Promise.reject(new Error('409')));
    result.current(failing);
    const next = vi.fn(() => Promise.resolve());
    await vi.waitFor(() => {
      result.current(next);
      expect(next).toHaveBeenCalledTimes(1);
    });
  });
});
