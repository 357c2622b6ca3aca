import { MSG } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmDialog';
import { userBrokerFixture } from '../brokers/user-broker-fixture';
import { mappingFixture } from './mapping-fixture';
import { MappingForm } from './MappingForm';
import { useMappingMutations } from './useMappingMutations';

let brokers = [userBrokerFixture({ has_token: false, has_api_key: false })];
const PAPER_ACCOUNT = userBrokerFixture({
  id: 9,
  broker_id: 3,
  broker_name: 'Paper',
  broker_username: 'PAPER1',
  has_token: false,
  has_api_key: false,
  is_paper: true,
  virtual_capital: 1000000,
});

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
  const notify = vi.fn();
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
      <ConfirmProvider>
        <Harness notify={notify} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return { posts, notify, release: () => releasePost() };
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const mode = () => select('Mode');
/** The form has read its broker list and chosen the first account (slow on a loaded machine's first render). */
const brokerChosen = () => waitFor(() => expect(select('User Broker').value).toBe('7'), { timeout: 5000 });
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create Mapping' });

describe('MappingForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts as DUMMY with option labels saying what each mode means, and no token warning', async () => {
    setup();
    await brokerChosen();
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
    await brokerChosen();
    fireEvent.change(mode(), { target: { value: '0' } });
    expect(screen.getByText(MSG.liveWithoutToken)).toBeTruthy();
    fireEvent.click(submit());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(MSG.confirmSaveLiveWithoutToken);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toHaveLength(0);
    fireEvent.change(mode(), { target: { value: '1' } });
    expect(screen.queryByText(MSG.liveWithoutToken)).toBeNull();
  });

  it('a double click sends one create', async () => {
    const { posts, release } = setup();
    await brokerChosen();
    fireEvent.click(submit());
    fireEvent.click(submit());
    await waitFor(() => expect(posts).toHaveLength(1));
    release();
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ is_dummy: 1, user_broker_id: 7 });
  });

  it('starts at CE 1 and PE 1, and refuses 0 and 0 on screen without sending it', async () => {
    const { posts, notify } = setup();
    await brokerChosen();
    const count = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
    expect([count('CE Count').value, count('PE Count').value]).toEqual(['1', '1']);
    fireEvent.change(count('CE Count'), { target: { value: '0' } });
    fireEvent.change(count('PE Count'), { target: { value: '0' } });
    fireEvent.click(submit());
    expect(notify).toHaveBeenCalledWith('error', MSG.atLeastOneLeg);
    expect(posts).toHaveLength(0);
  });
});

describe('MappingForm on a Paper account (issue 32 item 3)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    brokers = [userBrokerFixture({ has_token: false, has_api_key: false })];
  });

  it('fixes the mode to paper, offers no LIVE and says why; a broker account offers both again', async () => {
    brokers = [userBrokerFixture({ has_token: false, has_api_key: false }), PAPER_ACCOUNT];
    setup();
    await brokerChosen();
    fireEvent.change(mode(), { target: { value: '0' } });
    // LIVE on the account without a token: the warning under the select is part of its name.
    const account = screen.getByRole<HTMLSelectElement>('combobox', { name: /^User Broker/ });
    fireEvent.change(account, { target: { value: '9' } });
    expect(mode().value).toBe('1');
    expect(mode().disabled).toBe(true);
    expect(Array.from(mode().options).map((o) => o.text)).toEqual(['DUMMY (paper: simulated fills, no broker orders)']);
    expect(screen.getByText(MSG.paperAccountIsPaperOnly)).toBeTruthy();
    expect(screen.queryByText(MSG.liveWithoutToken)).toBeNull();
    fireEvent.change(select('User Broker'), { target: { value: '7' } });
    expect(mode().disabled).toBe(false);
    expect(mode().options).toHaveLength(2);
    expect(screen.queryByText(MSG.paperAccountIsPaperOnly)).toBeNull();
  });

  it('creates a paper strategy when the first account is a Paper account', async () => {
    brokers = [PAPER_ACCOUNT];
    const { posts, release } = setup();
    await waitFor(() => expect(select('User Broker').value).toBe('9'), { timeout: 5000 });
    expect(mode().disabled).toBe(true);
    fireEvent.click(submit());
    await waitFor(() => expect(posts).toHaveLength(1));
    release();
    expect(posts[0]).toMatchObject({ is_dummy: 1, user_broker_id: 9 });
  });
});
