import { describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../../platform/clock.js';
import type { SecretBox } from '../../../platform/secrets.js';
import type { BrokersRepository, UserBrokerWithName } from '../brokers.repository.js';
import { createEgressCheck } from './egress-check.js';
import type { EgressRoutes } from './egress-routes.js';

/*
 * The 'first-order' moment (issue 31 item 2), on fakes: no echo is configured, so a bind address is its own IP (a
 * definite answer) and a proxy's IP cannot be learned (the echo "cannot answer"). Each real check asks the routes
 * for the egress's dispatcher, which is how the tests count them.
 */

const TOKEN_AT = 1_000;

function setup(account: Partial<UserBrokerWithName>) {
  const row = {
    id: 7,
    userId: 3,
    brokerUsername: 'AB1234',
    brokerKind: 'kite',
    brokerName: 'Zerodha',
    registeredIps: '["127.0.0.2"]',
    egressProxyUrlSealed: null,
    egressBindAddress: '127.0.0.2',
    familyGroup: null,
    tokenUpdatedAt: TOKEN_AT,
    egressCheckedAt: null,
    egressPublicIp: null,
    egressProblem: null,
    ...account,
  } as UserBrokerWithName;
  const repo = {
    findById: () => Promise.resolve({ ...row }),
    listWithEgress: () => Promise.resolve([]),
    keepEgressFinding: (_read: unknown, finding: Partial<UserBrokerWithName>) => {
      Object.assign(row, finding);
      return Promise.resolve();
    },
  } as unknown as BrokersRepository;
  const routeOf = vi.fn<EgressRoutes['routeOf']>(() => undefined);
  const publish = vi.fn((_name: string, _payload: unknown) => Promise.resolve());
  const clock = manualClock(TOKEN_AT + 60_000);
  const egress = createEgressCheck({
    repo,
    secrets: { decrypt: (sealed: string) => sealed } as unknown as SecretBox,
    clock,
    events: { publish },
    registry: { forKind: () => undefined },
    routes: { routeOf } as unknown as EgressRoutes,
    echoUrl: null,
  });
  const alerts = () => publish.mock.calls.filter(([name]) => name === 'broker.egress_refused');
  return { row, egress, routeOf, alerts, clock };
}

describe("an egress checked before a session's first order", () => {
  it('answers what was found in this session without checking again, a refusal included', async () => {
    const { egress, routeOf } = setup({ egressCheckedAt: TOKEN_AT + 5, egressProblem: 'kept refusal' });
    expect(await egress.check(7, 'first-order', null)).toBe('kept refusal');
    expect(routeOf).not.toHaveBeenCalled();
  });

  it('checks a session nobody checked (a token pasted by hand), keeps and tells the refusal, then reads it kept', async () => {
    const { row, egress, routeOf, alerts } = setup({ egressBindAddress: '127.0.0.4', egressCheckedAt: TOKEN_AT - 5 });
    const words = 'orders for AB1234 would leave from 127.0.0.4; Zerodha has 127.0.0.2 registered';
    expect(await egress.check(7, 'first-order', null)).toBe(words);
    expect(row).toMatchObject({ egressProblem: words, egressPublicIp: '127.0.0.4' });
    expect(alerts()).toHaveLength(1);
    expect(await egress.check(7, 'first-order', null)).toBe(words);
    expect(routeOf).toHaveBeenCalledTimes(1);
  });

  it('checks once for strategies closing together', async () => {
    const { egress, routeOf } = setup({});
    const answers = await Promise.all([1, 2, 3].map(() => egress.check(7, 'first-order', null)));
    expect(answers).toEqual([null, null, null]);
    expect(routeOf).toHaveBeenCalledTimes(1);
  });

  it('lets orders go when the echo cannot answer, and does not ask again in that session, only in the next', async () => {
    const { row, egress, routeOf } = setup({ egressProxyUrlSealed: 'http://proxy.test:3128', egressBindAddress: null });
    expect(await egress.check(7, 'first-order', null)).toBeNull();
    expect(await egress.check(7, 'first-order', null)).toBeNull();
    expect(routeOf).toHaveBeenCalledTimes(1);
    expect(row.egressCheckedAt).toBeNull();
    row.tokenUpdatedAt = TOKEN_AT + 10; // the next day's token
    expect(await egress.check(7, 'first-order', null)).toBeNull();
    expect(routeOf).toHaveBeenCalledTimes(2);
  });

  it('does not check an account on the server route that registered no IP', async () => {
    const { egress, routeOf } = setup({ registeredIps: '[]', egressBindAddress: null });
    expect(await egress.check(7, 'first-order', null)).toBeNull();
    expect(routeOf).not.toHaveBeenCalled();
  });
});
