/** Small helpers shared by the sandbox's WebSocket endpoints. */
import type { Duplex } from 'node:stream';

/** Refuses an upgrade with a plain HTTP response, as the providers do for bad tokens or paths. */
export function refuseUpgrade(socket: Duplex, status: string, body = '', contentType = 'text/plain'): void {
  const head = `HTTP/1.1 ${status}\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}`;
  socket.end(`${head}\r\nConnection: close\r\n\r\n${body}`);
}
