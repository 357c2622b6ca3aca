/** Small helpers shared by the sandbox's WebSocket endpoints. */
import type { Duplex } from 'node:stream';
import type { RawData } from 'ws';

/** A text frame's content, whichever buffer form `ws` delivered it in. */
export function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** Refuses an upgrade with a plain HTTP response, as the providers do for bad tokens or paths. */
export function refuseUpgrade(socket: Duplex, status: string, body = '', contentType = 'text/plain'): void {
  const head = `HTTP/1.1 ${status}\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}`;
  socket.end(`${head}\r\nConnection: close\r\n\r\n${body}`);
}
