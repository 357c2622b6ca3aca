import type { Mapping } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mappingFixture } from './mapping-fixture';
import { mappingKeys } from './mapping-keys';
import { useStrategyActions } from './useStrategyActions';

const row = mappingFixture({ id: 5, running_status: 1, ce_count: 1 });

function setup(fetchReply: (url: string, init?: RequestInit) => { status: number; body: unknown }) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const { status, body } = fetchReply(url, init);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient();
  client.setQueryData(mappingKeys.mine(), [row]);
  client.setQueryData(mappingKeys.allUsers(), [row, { ...row, id: 6 }]);
  const onError = vi.fn();
  const onInfo = vi.fn();
  const onDone = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useStrategyActions({ onError, onInfo, onDone }), { wrapper });
  const cached = (key: readonly unknown[]) => client.getQueryData<Mapping[]>(key)?.find((m) => m.id === 5);
  return { result, fetchMock, onError, onInfo, onDone, cached };
}

const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, message } });

describe('useStrategyActions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('start sends toggle-status 1 and merges the returned strategy, detail and actions included', async () => {
    const started = { ...row, running_status: 1, status_detail: 'Waiting', available_actions: ['pause'] };
    const { result, fetchMock, cached, onDone } = setup(() => ok({ strategy: started }));
    await act(() => result.current.run(5, 'start'));
    // The trader hears that it started, where, and what it waits for (issue 27: a start said nothing).
    expect(onDone).toHaveBeenCalledWith('Started RDX on NIFTY 50 (DUMMY · AB1234). Waiting');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/strategies/user-mappings/5/toggle-status');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ running_status: 1 });
    expect(cached(mappingKeys.mine())).toMatchObject({ status_detail: 'Waiting', available_actions: ['pause'] });
    expect(cached(mappingKeys.allUsers())).toMatchObject({ status_detail: 'Waiting' });
  });

  it('pause merges the strategy in every cached list', async () => {
    const paused = { ...row, running_status: 2, available_actions: ['resume', 'exit'] };
    const { result, fetchMock, cached } = setup(() => ok({ newStatus: 2, strategy: paused }));
    await act(() => result.current.run(5, 'pause'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/rdx/pause/5');
    expect(cached(mappingKeys.mine())).toMatchObject({ running_status: 2, available_actions: ['resume', 'exit'] });
    expect(cached(mappingKeys.allUsers())?.running_status).toBe(2);
  });

  it("resume takes the status from the reply's newStatus (SPEC §4)", async () => {
    const { result, cached } = setup(() =>
      ok({ newStatus: 1, strategy: { ...row, running_status: 2, status_detail: 'Resumed' } }),
    );
    await act(() => result.current.run(5, 'resume'));
    expect(cached(mappingKeys.mine())).toMatchObject({ running_status: 1, status_detail: 'Resumed' });
  });

  it('realign and exit merge the returned strategy into the row', async () => {
    const { result, fetchMock, cached, onInfo, onDone } = setup(() =>
      ok({ strategy: { ...row, running_status: 0, ce_count: 3 } }),
    );
    await act(() => result.current.run(5, 'exit'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/strategies/user-mappings/5/exit');
    expect(cached(mappingKeys.mine())).toMatchObject({ running_status: 0, ce_count: 3 });
    await act(() => result.current.run(5, 'realign'));
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/strategies/user-mappings/5/realign');
    expect(onInfo).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("a realign with nothing to do shows the server's message as information, not an error", async () => {
    const note = 'Already centred on ATM 22,500: nothing to realign';
    const { result, onInfo, onError } = setup(() => ok({ strategy: row }, note));
    await act(() => result.current.run(5, 'realign'));
    expect(onInfo).toHaveBeenCalledWith(note);
    expect(onError).not.toHaveBeenCalled();
  });

  it('asks first; a declined confirmation sends nothing', async () => {
    const { result, fetchMock } = setup(() => ok({ strategy: row }));
    await act(() => result.current.run(5, 'exit', () => Promise.resolve(false)));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.pending.size).toBe(0);
  });

  it('ignores a second action on a row that is still busy', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { result, fetchMock } = setup(() => ok({ strategy: row }));
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run(5, 'exit', () => held.then(() => true));
      void result.current.run(5, 'exit');
    });
    release();
    await act(() => first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports the server text, else the failure text, and clears the pending state', async () => {
    const { result, onError, cached } = setup((url) =>
      url.includes('pause')
        ? { status: 409, body: { success: false, error: 'Strategy is not running', code: 'CONFLICT' } }
        : { status: 404, body: { success: false, error: 'Not found', code: 'NOT_FOUND' } },
    );
    await act(() => result.current.run(5, 'pause'));
    expect(onError).toHaveBeenLastCalledWith('Strategy is not running');
    await act(() => result.current.run(5, 'realign'));
    expect(onError).toHaveBeenLastCalledWith('Failed to realign strategy');
    await act(() => result.current.run(5, 'exit'));
    expect(onError).toHaveBeenLastCalledWith('Failed to exit strategy');
    await act(() => result.current.run(5, 'start'));
    expect(onError).toHaveBeenLastCalledWith('Failed to start strategy');
    expect(result.current.pending.size).toBe(0);
    expect(cached(mappingKeys.mine())?.running_status).toBe(1);
  });
});
