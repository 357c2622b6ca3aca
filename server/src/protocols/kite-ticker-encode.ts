/**
 * Encoders for Kite ticker binary packets and messages (PROTOCOLS.md §3), used by the sandbox exchange.
 * Inputs are integer paise, converted to the segment's raw unit (exact for paise amounts); every field
 * but the token and last price is optional and defaults to 0.
 */
import { KITE_PACKET_LENGTH, kitePriceDivisor, type KiteTickMode } from './kite-ticker.js';

/** One depth level to encode. */
export interface KiteDepthLevelInput {
  quantity: number;
  pricePaise: number;
  orders: number;
}

/** What a packet can carry. A decoded `KiteTick` fits this shape too. */
export interface KitePacketInput {
  instrumentToken: number;
  lastPricePaise: number;
  lastQuantity?: number;
  averagePricePaise?: number;
  volume?: number;
  buyQuantity?: number;
  sellQuantity?: number;
  openPaise?: number;
  highPaise?: number;
  lowPaise?: number;
  closePaise?: number;
  /** Index packets only; other packets do not carry it. */
  netChangePaise?: number;
  lastTradeTime?: number;
  exchangeTimestamp?: number;
  oi?: number;
  oiDayHigh?: number;
  oiDayLow?: number;
  depth?: { buy: readonly KiteDepthLevelInput[]; sell: readonly KiteDepthLevelInput[] } | null;
}

/** The 1-byte keep-alive the ticker sends while a connection is idle. */
export const KITE_HEARTBEAT: Uint8Array = Uint8Array.of(0);

function rawPrice(paise: number | undefined, divisor: number): number {
  return Math.round(((paise ?? 0) * divisor) / 100);
}

function packet(length: number, input: KitePacketInput): { bytes: Uint8Array; view: DataView; divisor: number } {
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  const divisor = kitePriceDivisor(input.instrumentToken & 0xff);
  view.setUint32(0, input.instrumentToken);
  view.setInt32(4, rawPrice(input.lastPricePaise, divisor));
  return { bytes, view, divisor };
}

/** 8-byte LTP packet. */
export function encodeKiteLtpPacket(input: KitePacketInput): Uint8Array {
  return packet(KITE_PACKET_LENGTH.ltp, input).bytes;
}

function writeQuoteFields(view: DataView, input: KitePacketInput, divisor: number): void {
  view.setUint32(8, input.lastQuantity ?? 0);
  view.setInt32(12, rawPrice(input.averagePricePaise, divisor));
  view.setUint32(16, input.volume ?? 0);
  view.setUint32(20, input.buyQuantity ?? 0);
  view.setUint32(24, input.sellQuantity ?? 0);
  view.setInt32(28, rawPrice(input.openPaise, divisor));
  view.setInt32(32, rawPrice(input.highPaise, divisor));
  view.setInt32(36, rawPrice(input.lowPaise, divisor));
  view.setInt32(40, rawPrice(input.closePaise, divisor));
}

/** 44-byte quote packet (tradable instruments). */
export function encodeKiteQuotePacket(input: KitePacketInput): Uint8Array {
  const { bytes, view, divisor } = packet(KITE_PACKET_LENGTH.quote, input);
  writeQuoteFields(view, input, divisor);
  return bytes;
}

function writeDepthSide(view: DataView, at: number, levels: readonly KiteDepthLevelInput[], divisor: number): void {
  for (let i = 0; i < 5; i++) {
    const level = levels[i];
    if (!level) continue;
    view.setUint32(at + i * 12, level.quantity);
    view.setInt32(at + i * 12 + 4, rawPrice(level.pricePaise, divisor));
    view.setUint16(at + i * 12 + 8, level.orders);
  }
}

/** 184-byte full packet: quote fields, trade time, OI, exchange time and five levels of depth a side. */
export function encodeKiteFullPacket(input: KitePacketInput): Uint8Array {
  const { bytes, view, divisor } = packet(KITE_PACKET_LENGTH.full, input);
  writeQuoteFields(view, input, divisor);
  view.setUint32(44, input.lastTradeTime ?? 0);
  view.setUint32(48, input.oi ?? 0);
  view.setUint32(52, input.oiDayHigh ?? 0);
  view.setUint32(56, input.oiDayLow ?? 0);
  view.setUint32(60, input.exchangeTimestamp ?? 0);
  if (input.depth) {
    writeDepthSide(view, 64, input.depth.buy, divisor);
    writeDepthSide(view, 124, input.depth.sell, divisor);
  }
  return bytes;
}

/** 28-byte (quote) or 32-byte (full) index packet; note the H, L, O, C order. */
export function encodeKiteIndexPacket(input: KitePacketInput, mode: 'quote' | 'full'): Uint8Array {
  const length = mode === 'full' ? KITE_PACKET_LENGTH.indexFull : KITE_PACKET_LENGTH.indexQuote;
  const { bytes, view, divisor } = packet(length, input);
  view.setInt32(8, rawPrice(input.highPaise, divisor));
  view.setInt32(12, rawPrice(input.lowPaise, divisor));
  view.setInt32(16, rawPrice(input.openPaise, divisor));
  view.setInt32(20, rawPrice(input.closePaise, divisor));
  view.setInt32(24, rawPrice(input.netChangePaise, divisor));
  if (mode === 'full') view.setUint32(28, input.exchangeTimestamp ?? 0);
  return bytes;
}

/** The packet the ticker sends for `mode`; index instruments get index packets except in LTP mode. */
export function encodeKitePacket(input: KitePacketInput, mode: KiteTickMode, isIndex: boolean): Uint8Array {
  if (mode === 'ltp') return encodeKiteLtpPacket(input);
  if (isIndex) return encodeKiteIndexPacket(input, mode);
  return mode === 'full' ? encodeKiteFullPacket(input) : encodeKiteQuotePacket(input);
}

/** Frames packets into one binary message: int16 count, then int16 length + bytes for each. */
export function frameKitePackets(packets: readonly Uint8Array[]): Uint8Array {
  let size = 2;
  for (const p of packets) size += 2 + p.byteLength;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, packets.length);
  let offset = 2;
  for (const p of packets) {
    view.setUint16(offset, p.byteLength);
    bytes.set(p, offset + 2);
    offset += 2 + p.byteLength;
  }
  return bytes;
}
