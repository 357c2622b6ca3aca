import { MSG } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mappingFixture } from './mapping-fixture';
import { MappingForm } from './MappingForm';
import { useMappingMutations } from './useMappingMutations';

const brokers = [
  {
    id: 7,
    user_id: 3,
    broker_id: 1,
    broker_name: 'Zerodha',
    broker_username: 'AB0007',
    has_token: false,
    has_api_key: false,
    token_updated_at: null,
    token_expires_at: null,
    token_refused_at: null,
    token_refused_reason: null,
    created_at: '2025-01-01T00:00:00.000Z',
  },
];

const ok = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ success: true, data }), { status: 200 }));

function Harness({ notify }: { notify: () => void }) {
  const mutations = useMappingMutations(notify);
  return (
    <MappingForm
      isAdmin={false}
      editing={null}
      mutations={mutations}
      notify={notify}
      clearMessage={() => undefined}
      onEditDone={() => undefined}
    />
  );
}

function setup() {
  let releasePost: () => void = () => undefined;
  const posts: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url === '/api/strategies/list') return ok([{ id: 1, name: 'RDX', description: '' }]);
    if (url === '/api/instruments/list') return ok([]);
    if (url === '/api/brokers/user-brokers') return ok(brokers);
    if (url === '/api/strategies/user-mappings' && init?.method === 'POST') {
      posts.push(JSON.parse(init.body as string));
      return new Promise<void>((resolve) => (releasePost = resolve)).then(() => ok(mappingFixture()));
    }
    return ok([]);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness notify={vi.fn()} />
    </QueryClientProvider>,
  );
  return { posts, release: () => releasePost() };
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const mode = () => select('Mode');
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create Mapping' });

describe('MappingForm', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'confirm',
      vi.fn(() => false),
    ),
  );
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts as DUMMY with option labels saying what each mode means, and no token warning', async () => {
    setup();
    await waitFor(() => expect(select('User Broker').value).toBe('7'));
    expect(mode().value).toBe('1');
    expect(Array.from(mode().options).map((o) => o.text)).toEqual([
      'DUMMY (paper: simulated fills, no broker orders)',
      'LIVE (real orders at the broker)',
    ]);
    const active = select('Active');
    expect(Array.from(active.options).map((o) => o.text)).toEqual(['Active', 'Inactive']);
    expect(screen.queryByText(MSG.liveWithoutToken)).toBeNull();
  });

  it('warns under the broker while Live is chosen on a broker without a token, and a cancelled confirm saves nothing', async () => {
    const { posts } = setup();
    await waitFor(() => expect(select('User Broker').value).toBe('7'));
    fireEvent.change(mode(), { target: { value: '0' } });
    expect(screen.getByText(MSG.liveWithoutToken)).toBeTruthy();
    fireEvent.click(submit());
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(MSG.confirmSaveLiveWithoutToken));
    expect(posts).toHaveLength(0);
    fireEvent.change(mode(), { target: { value: '1' } });
    expect(screen.queryByText(MSG.liveWithoutToken)).toBeNull();
  });

  it('a double click sends one create', async () => {
    const { posts, release } = setup();
    await waitFor(() => expect(select('User Broker').value).toBe('7'));
    fireEvent.click(submit());
    fireEvent.click(submit());
    await waitFor(() => expect(posts).toHaveLength(1));
    release();
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ is_dummy: 1, user_broker_id: 7 });
  });
});
