/**
 * The static IPs each sandbox Kite user has registered (rules and sources: static-ips.logic.ts, docs/SANDBOX.md;
 * the check on order requests: static-ip-gate.ts). Plain data, kept in the state file with the accounts
 * (`toSnapshot`/`fromSnapshot`): a restart neither forgets a registration nor frees the week's change.
 */
import { sandboxPasswordFor } from './sandbox-accounts.js';
import { checkStaticIps, isSameList, normalizeAddress, weeklyChangeRefusal } from './static-ips.logic.js';

/** One user's registration. */
export interface StaticIpRegistration {
  userId: string;
  /** Normalized (static-ips.logic.ts), primary first. */
  ips: string[];
  /** When they were last changed (sandbox clock): the week's change is used until the next Monday, IST. */
  changedMs: number;
}

/** What a change of a user's IPs came to. */
export type StaticIpChange =
  | { ok: true; userId: string; ips: string[] }
  | { ok: false; problem: 'invalid' | 'unknown-user' | 'too-soon'; message: string };

/** Every sandbox user's registered static IPs. */
export class StaticIpRegistry {
  private readonly byUser = new Map<string, StaticIpRegistration>();

  /** `onChange` runs after every change (the state file saves then). */
  constructor(private readonly onChange: () => void = () => undefined) {}

  /** A registry holding what `snapshot` held. */
  static fromSnapshot(snapshot: readonly StaticIpRegistration[], onChange?: () => void): StaticIpRegistry {
    const registry = new StaticIpRegistry(onChange);
    for (const entry of snapshot) registry.byUser.set(entry.userId, { ...entry, ips: [...entry.ips] });
    return registry;
  }

  /** A copy of every registration, as plain data. */
  toSnapshot(): StaticIpRegistration[] {
    return [...this.byUser.values()].map((entry) => ({ ...entry, ips: [...entry.ips] }));
  }

  /** Whether `userId` registered `address` (in any spelling of it). */
  isRegistered(userId: string, address: string): boolean {
    return this.byUser.get(userId)?.ips.includes(normalizeAddress(address)) ?? false;
  }

  /**
   * Sets `userId`'s IPs to `ips` (0 to 2), once a calendar week. Setting the list already registered changes
   * nothing and uses no change, so a client that lost the reply may send it again.
   */
  register(userId: string, ips: readonly string[], nowMs: number): StaticIpChange {
    if (sandboxPasswordFor(userId) === null) {
      const message = `No sandbox Kite user ${JSON.stringify(userId)}: user ids look like AB1234 (two capitals, four digits).`;
      return { ok: false, problem: 'unknown-user', message };
    }
    const checked = checkStaticIps(ips);
    if (!checked.ok) return { ok: false, problem: 'invalid', message: checked.message };
    const current = this.byUser.get(userId);
    if (current && isSameList(current.ips, checked.ips)) return { ok: true, userId, ips: [...current.ips] };
    const refusal = weeklyChangeRefusal(userId, current?.changedMs ?? null, nowMs);
    if (refusal) return { ok: false, problem: 'too-soon', message: refusal.message };
    this.byUser.set(userId, { userId, ips: checked.ips, changedMs: nowMs });
    this.onChange();
    return { ok: true, userId, ips: [...checked.ips] };
  }
}
