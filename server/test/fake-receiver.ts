import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * An HTTP receiver on loopback standing in for Telegram's Bot API or a trader's webhook: it answers the
 * given statuses in turn, then `otherwise`, in Telegram's shape (`{ ok, description }`), and keeps what it
 * was sent.
 */
export async function fakeReceiver(statuses: number[], otherwise = 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const status = statuses.shift() ?? otherwise;
      const ok = status >= 200 && status < 300;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { ok: true } : { ok: false, description: http.STATUS_CODES[status] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
