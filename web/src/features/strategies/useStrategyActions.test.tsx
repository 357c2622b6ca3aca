import type { Mapping } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mappingKeys } from './mapping-keys';
import { useStrategyActions } from './useStrategyActions';

const row = { id: 5, running_status: 1, ce_count: 1, strategy_name: 'RDX' } as Mapping;

function setup(fetchReply: (url: string) => { status: number; body: unknown }) {
  const fetchMock = vi.fn((url: string) => {
    const { status, body } = fetchReply(url);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient();
  client.setQueryData(mappingKeys.mine(), [row]);
  client.setQueryData(mappingKeys.allUsers(), [row, { ...row, id: 6 }]);
  const onError = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useStrategyActions(onError), { wrapper });
  const cached = (key: readonly unknown[]) => client.getQueryData<Mapping[]>(key)?.find((m) => m.id === 5);
  return { result, fetchMock, onError, cached };
}

describe('useStrategyActions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pause moves the row to 2 in every cached list', async () => {
    const { result, fetchMock, cached } = setup(() => ({
      status: 200,
      body: { success: true, data: { newStatus: 2, strategy: { ...row, running_status: 2 } } },
    }));
    await act(() => result.current.run(5, 'pause'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/rdx/pause/5');
    expect(cached(mappingKeys.mine())?.running_status).toBe(2);
    expect(cached(mappingKeys.allUsers())?.running_status).toBe(2);
  });

  it("resume takes the status from the reply's newStatus", async () => {
    const { result, cached } = setup(() => ({
      status: 200,
      body: { success: true, data: { newStatus: 1, strategy: { ...row, running_status: 1 } } },
    }));
    await act(() => result.current.run(5, 'resume'));
    expect(cached(mappingKeys.mine())?.running_status).toBe(1);
  });

  it('realign and exit merge the returned strategy into the row', async () => {
    const { result, fetchMock, cached } = setup(() => ({
      status: 200,
      body: { success: true, data: { strategy: { ...row, running_status: 0, ce_count: 3 } } },
    }));
    await act(() => result.current.run(5, 'exit'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/strategies/user-mappings/5/exit');
    expect(cached(mappingKeys.mine())).toMatchObject({ running_status: 0, ce_count: 3 });
    await act(() => result.current.run(5, 'realign'));
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/strategies/user-mappings/5/realign');
  });

  it('reports the server text, else the SPEC failure text, and clears the pending state', async () => {
    const { result, onError, cached } = setup((url) =>
      url.includes('pause')
        ? { status: 409, body: { success: false, error: 'Strategy is not running', code: 'CONFLICT' } }
        : { status: 404, body: { success: false, error: `Route POST ${url} not found`, code: 'NOT_FOUND' } },
    );
    await act(() => result.current.run(5, 'pause'));
    expect(onError).toHaveBeenLastCalledWith('Strategy is not running');
    await act(() => result.current.run(5, 'realign'));
    expect(onError).toHaveBeenLastCalledWith('Failed to realign strategy');
    await act(() => result.current.run(5, 'exit'));
    expect(onError).toHaveBeenLastCalledWith('Failed to exit strategy');
    expect(result.current.pending.size).toBe(0);
    expect(cached(mappingKeys.mine())?.running_status).toBe(1);
  });
});
