/** Small helpers shared by the sandbox's WebSocket endpoints. */
import type { Duplex } from 'node:stream';

/** Refuses an upgrade with a plain HTTP response, as the providers do for bad tokens or paths. */
export function refuseUpgrade(socket: Duplex, status: string, body = '', contentType = 'text/plain'): void {
  const head = `HTTP/1.1 ${status}\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}`;
  // An upgrading socket is ours alone (the HTTP server no longer listens for its errors): a client that
  // resets the connection on reading the refusal would otherwise end the whole process (ECONNRESET).
  socket.on('error', () => socket.destroy());
  socket.end(`${head}\r\nConnection: close\r\n\r\n${body}`);
}
