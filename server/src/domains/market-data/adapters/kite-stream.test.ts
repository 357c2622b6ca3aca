import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKiteStream } from './kite-stream.js';

/* The ticker refusing an access token (Kite answers the upgrade with 403 once tokens die at 06:00 IST). */

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A ticker endpoint that refuses every handshake with 403, counting the attempts. */
async function refusingTicker() {
  let attempts = 0;
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (_req, socket) => {
    attempts += 1;
    socket.end('HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, attempts: () => attempts };
}

function stream(wsRoot: string, onTokenRejected: () => Promise<boolean>) {
  const halted: string[] = [];
  const s = createKiteStream({
    wsRoot,
    apiKey: 'k',
    accessToken: () => Promise.resolve('dead-token'),
    onTokenRejected,
    now: Date.now,
    baseDelayMs: 5,
    handlers: {
      onBar: () => undefined,
      onConnectionChange: () => undefined,
      onReconnected: () => undefined,
      onHalted: (reason) => halted.push(reason),
    },
  });
  return { s, halted };
}

describe('the Kite ticker refusing the access token', () => {
  it('stops and says so when no fresh token can be had, instead of retrying forever', async () => {
    const ticker = await refusingTicker();
    const rejected = vi.fn(() => Promise.resolve(false));
    const { s, halted } = stream(ticker.url, rejected);
    await vi.waitFor(() => expect(halted).toHaveLength(1));
    expect(halted[0]).toMatch(/access token .*06:00 IST/);
    const seen = ticker.attempts();
    await new Promise((r) => setTimeout(r, 100)); // 20 backoff periods: a retrying stream would try again
    expect(ticker.attempts()).toBe(seen);
    expect(rejected).toHaveBeenCalledTimes(1);
    await s.close();
  });

  it('tries once more with a fresh token when one can be had, then stops if that is refused too', async () => {
    const ticker = await refusingTicker();
    const { s, halted } = stream(ticker.url, () => Promise.resolve(true));
    await vi.waitFor(() => expect(halted).toHaveLength(1));
    expect(ticker.attempts()).toBe(2);
    s.resume();
    await vi.waitFor(() => expect(ticker.attempts()).toBeGreaterThanOrEqual(3));
    await s.close();
  });
});
