/** A WebSocket frame's payload as the `ws` package hands it over. */
export type WsData = Buffer | ArrayBuffer | Buffer[];

/** The text of a frame, whichever shape `ws` delivered it in. */
export function wsText(data: WsData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
