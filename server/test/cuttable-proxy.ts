import net from 'node:net';

/**
 * A loopback TCP proxy in front of a service (Redis here) that a test can cut and restore: `cut()` drops
 * every open connection and refuses new ones, as a restarted or unreachable server would, without
 * touching the real service other tests share.
 */
export async function cuttableProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = [client, upstream];
    for (const s of pair) {
      open.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        open.delete(s);
        for (const other of pair) other.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut() {
      isCut = true;
      for (const s of open) s.destroy();
    },
    restore() {
      isCut = false;
    },
    async close() {
      isCut = true;
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
