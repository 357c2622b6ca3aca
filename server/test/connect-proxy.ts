import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/**
 * An HTTP proxy (plain forwarding and CONNECT) on loopback whose onward connections leave from a local address the test picks and can
 * change while it runs: a proxy whose exit IP changes under an account (issue 31), as a dedicated-IP proxy's can.
 */
export async function startConnectProxy(exitAddress: string) {
  let exit = exitAddress;
  const sockets = new Set<net.Socket>();
  // A plain request in absolute form (`GET http://host/path`), as clients send through a proxy to an http target.
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '');
    const onward = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
        localAddress: exit,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.writeHead(502).end());
    req.pipe(onward);
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect({ host, port: Number(port), localAddress: exit }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Onward connections opened from now leave from `address`; open tunnels are cut, as a proxy's restart would. */
    exitFrom(address: string) {
      exit = address;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
