import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSingleSubmit } from './useSingleSubmit';

describe('useSingleSubmit', () => {
  it('runs one task at a time and ignores submits while it runs', async () => {
    const { result } = renderHook(() => useSingleSubmit());
    let finish: () => void = () => undefined;
    const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current(task);
      void result.current(task);
    });
    expect(task).toHaveBeenCalledTimes(1);
    finish();
    await act(() => first);
    await act(() => result.current(() => Promise.reject(new Error('shown elsewhere'))));
    // Free again after a success and after a failure.
    const next = vi.fn(() => Promise.resolve());
    await act(() => result.current(next));
    expect(next).toHaveBeenCalledOnce();
  });
});
