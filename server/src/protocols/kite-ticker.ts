/**
 * Decoder for the Kite Connect v3 ticker's binary WebSocket messages (PROTOCOLS.md §3).
 *
 * A message is `int16 count`, then `count × (int16 length, packet)`, big-endian. The packet's length says
 * what it is: 8 LTP, 44 quote, 184 full (with depth), 28 index quote, 32 index full. Index packets order
 * their OHLC fields H, L, O, C. Prices are integers divided by a segment divisor; we keep both the float
 * (as the official clients expose it) and integer paise, because our domain stores money as paise.
 *
 * Speed matters (we decode every tick of every subscribed instrument): we read through one DataView
 * per message and allocate nothing per field. `forEachKiteTick` with a reused tick allocates nothing
 * per tick either.
 */

/** Ticker modes, in the ticker's own spelling. */
export type KiteTickMode = 'ltp' | 'quote' | 'full';

/** Segment ids found in the low byte of an instrument token. */
export const KITE_SEGMENT = {
  nse: 1,
  nfo: 2,
  cds: 3,
  bse: 4,
  bfo: 5,
  bcd: 6,
  mcx: 7,
  mcxsx: 8,
  indices: 9,
} as const;

/** Packet lengths, which is how the protocol tells packet kinds apart. */
export const KITE_PACKET_LENGTH = { ltp: 8, quote: 44, full: 184, indexQuote: 28, indexFull: 32 } as const;

/** One level of market depth. */
export interface KiteDepthLevel {
  quantity: number;
  price: number;
  pricePaise: number;
  orders: number;
}

/** Five bid and five ask levels (full mode only). */
export interface KiteDepth {
  buy: KiteDepthLevel[];
  sell: KiteDepthLevel[];
}

/**
 * A decoded tick. Every field is always present (zero when the packet's mode does not carry it) so
 * all ticks share one object shape, which keeps V8's property access monomorphic.
 * `*Paise` fields are the raw integers for divisor-100 segments; for CDS/BCD they are rounded to paise.
 * Times are unix seconds, 0 when absent.
 */
export interface KiteTick {
  mode: KiteTickMode;
  instrumentToken: number;
  segment: number;
  isTradable: boolean;
  isIndex: boolean;
  priceDivisor: number;
  lastPrice: number;
  lastPricePaise: number;
  lastQuantity: number;
  averagePrice: number;
  averagePricePaise: number;
  volume: number;
  buyQuantity: number;
  sellQuantity: number;
  open: number;
  openPaise: number;
  high: number;
  highPaise: number;
  low: number;
  lowPaise: number;
  close: number;
  closePaise: number;
  /** Index packets carry it; for other packets it is computed as last price − close, like gokiteconnect. */
  netChange: number;
  netChangePaise: number;
  lastTradeTime: number;
  exchangeTimestamp: number;
  oi: number;
  oiDayHigh: number;
  oiDayLow: number;
  depth: KiteDepth | null;
}

/** A blank tick, e.g. to pass as the reused object to `forEachKiteTick`. */
export function createKiteTick(): KiteTick {
  return {
    mode: 'ltp',
    instrumentToken: 0,
    segment: 0,
    isTradable: false,
    isIndex: false,
    priceDivisor: 100,
    lastPrice: 0,
    lastPricePaise: 0,
    lastQuantity: 0,
    averagePrice: 0,
    averagePricePaise: 0,
    volume: 0,
    buyQuantity: 0,
    sellQuantity: 0,
    open: 0,
    openPaise: 0,
    high: 0,
    highPaise: 0,
    low: 0,
    lowPaise: 0,
    close: 0,
    closePaise: 0,
    netChange: 0,
    netChangePaise: 0,
    lastTradeTime: 0,
    exchangeTimestamp: 0,
    oi: 0,
    oiDayHigh: 0,
    oiDayLow: 0,
    depth: null,
  };
}

/** The divisor that turns a segment's raw integer prices into rupees. */
export function kitePriceDivisor(segment: number): number {
  if (segment === KITE_SEGMENT.cds) return 10_000_000;
  if (segment === KITE_SEGMENT.bcd) return 10_000;
  return 100;
}

/** A price in the packet's integer units (1/divisor of a rupee) as integer paise; not a rupee conversion. */
function wireToPaise(raw: number, divisor: number): number {
  return divisor === 100 ? raw : Math.round((raw * 100) / divisor);
}

function createDepth(): KiteDepth {
  const level = (): KiteDepthLevel => ({ quantity: 0, price: 0, pricePaise: 0, orders: 0 });
  return { buy: [level(), level(), level(), level(), level()], sell: [level(), level(), level(), level(), level()] };
}

function clearQuoteFields(tick: KiteTick): void {
  tick.lastQuantity = 0;
  tick.averagePrice = 0;
  tick.averagePricePaise = 0;
  tick.volume = 0;
  tick.buyQuantity = 0;
  tick.sellQuantity = 0;
  tick.open = tick.openPaise = tick.high = tick.highPaise = 0;
  tick.low = tick.lowPaise = tick.close = tick.closePaise = 0;
  tick.netChange = tick.netChangePaise = 0;
}

function clearFullFields(tick: KiteTick): void {
  tick.lastTradeTime = 0;
  tick.exchangeTimestamp = 0;
  tick.oi = tick.oiDayHigh = tick.oiDayLow = 0;
  tick.depth = null;
}

/** Reads four prices; `openAt`/`highAt`/`lowAt` are byte offsets because index packets order them H, L, O. */
function readOhlc(view: DataView, at: number, tick: KiteTick, openAt: number, highAt: number, lowAt: number): void {
  const d = tick.priceDivisor;
  const open = view.getInt32(at + openAt);
  const high = view.getInt32(at + highAt);
  const low = view.getInt32(at + lowAt);
  const close = view.getInt32(at + 12);
  tick.openPaise = wireToPaise(open, d);
  tick.highPaise = wireToPaise(high, d);
  tick.lowPaise = wireToPaise(low, d);
  tick.closePaise = wireToPaise(close, d);
  tick.open = open / d;
  tick.high = high / d;
  tick.low = low / d;
  tick.close = close / d;
}

function readIndex(view: DataView, at: number, length: number, tick: KiteTick): void {
  const d = tick.priceDivisor;
  tick.isIndex = true;
  tick.mode = length === KITE_PACKET_LENGTH.indexFull ? 'full' : 'quote';
  readOhlc(view, at + 8, tick, 8, 0, 4);
  const change = view.getInt32(at + 24);
  tick.netChange = change / d;
  tick.netChangePaise = wireToPaise(change, d);
  clearFullFields(tick);
  if (length === KITE_PACKET_LENGTH.indexFull) tick.exchangeTimestamp = view.getUint32(at + 28);
}

function readQuote(view: DataView, at: number, tick: KiteTick): void {
  const d = tick.priceDivisor;
  tick.lastQuantity = view.getUint32(at + 8);
  const average = view.getInt32(at + 12);
  tick.averagePrice = average / d;
  tick.averagePricePaise = wireToPaise(average, d);
  tick.volume = view.getUint32(at + 16);
  tick.buyQuantity = view.getUint32(at + 20);
  tick.sellQuantity = view.getUint32(at + 24);
  readOhlc(view, at + 28, tick, 0, 4, 8);
  tick.netChangePaise = tick.lastPricePaise - tick.closePaise;
  tick.netChange = tick.lastPrice - tick.close;
}

function readDepthSide(view: DataView, at: number, levels: KiteDepthLevel[], divisor: number): void {
  for (let i = 0; i < 5; i++) {
    const level = levels[i] as KiteDepthLevel;
    const base = at + i * 12;
    const price = view.getInt32(base + 4);
    level.quantity = view.getUint32(base);
    level.price = price / divisor;
    level.pricePaise = wireToPaise(price, divisor);
    level.orders = view.getUint16(base + 8);
  }
}

function readFull(view: DataView, at: number, tick: KiteTick, previousDepth: KiteDepth | null): void {
  tick.lastTradeTime = view.getUint32(at + 44);
  tick.oi = view.getUint32(at + 48);
  tick.oiDayHigh = view.getUint32(at + 52);
  tick.oiDayLow = view.getUint32(at + 56);
  tick.exchangeTimestamp = view.getUint32(at + 60);
  const depth = previousDepth ?? createDepth();
  readDepthSide(view, at + 64, depth.buy, tick.priceDivisor);
  readDepthSide(view, at + 124, depth.sell, tick.priceDivisor);
  tick.depth = depth;
}

/**
 * Decodes one packet of `length` bytes at `offset` of `view` into `tick` (overwriting every field).
 * Returns false, leaving `tick` untouched, for a length the protocol does not define.
 */
export function decodeKitePacketInto(view: DataView, offset: number, length: number, tick: KiteTick): boolean {
  const L = KITE_PACKET_LENGTH;
  if (
    length !== L.ltp &&
    length !== L.quote &&
    length !== L.full &&
    length !== L.indexQuote &&
    length !== L.indexFull
  ) {
    return false;
  }
  const previousDepth = tick.depth;
  const token = view.getUint32(offset);
  const segment = token & 0xff;
  const divisor = kitePriceDivisor(segment);
  const last = view.getInt32(offset + 4);
  tick.instrumentToken = token;
  tick.segment = segment;
  tick.isTradable = segment !== KITE_SEGMENT.indices;
  tick.isIndex = false;
  tick.priceDivisor = divisor;
  tick.lastPrice = last / divisor;
  tick.lastPricePaise = wireToPaise(last, divisor);
  clearQuoteFields(tick);
  if (length === L.indexQuote || length === L.indexFull) {
    readIndex(view, offset, length, tick);
    return true;
  }
  clearFullFields(tick);
  tick.mode = length === L.ltp ? 'ltp' : length === L.quote ? 'quote' : 'full';
  if (length === L.ltp) return true;
  readQuote(view, offset, tick);
  if (length === L.full) readFull(view, offset, tick, previousDepth);
  return true;
}

function viewOf(data: Uint8Array | ArrayBuffer): DataView {
  return data instanceof Uint8Array ? new DataView(data.buffer, data.byteOffset, data.byteLength) : new DataView(data);
}

/** Decodes a bare packet (no count or length prefix), e.g. the `.packet` files of kiteconnect-mocks. */
export function decodeKitePacket(packet: Uint8Array | ArrayBuffer): KiteTick | null {
  const view = viewOf(packet);
  const tick = createKiteTick();
  return decodeKitePacketInto(view, 0, view.byteLength, tick) ? tick : null;
}

/** True for the 1-byte (or empty) binary keep-alives the ticker sends while idle. */
export function isKiteHeartbeat(data: Uint8Array | ArrayBuffer): boolean {
  return data.byteLength < 2;
}

/**
 * Calls `onTick` for every tick of a framed ticker message and returns how many there were.
 * With `reuse`, the same object is overwritten and passed for every tick (copy what you keep):
 * no allocation per tick at all. Heartbeats yield nothing. Unknown packet lengths are skipped,
 * as the official clients do; a message cut short throws a RangeError.
 */
export function forEachKiteTick(
  data: Uint8Array | ArrayBuffer,
  onTick: (tick: KiteTick) => void,
  reuse?: KiteTick,
): number {
  if (isKiteHeartbeat(data)) return 0;
  const view = viewOf(data);
  const end = view.byteLength;
  const count = view.getUint16(0);
  let offset = 2;
  let decoded = 0;
  for (let i = 0; i < count; i++) {
    if (offset + 2 > end) throw new RangeError(`Kite ticker message truncated at packet ${i} of ${count}`);
    const length = view.getUint16(offset);
    offset += 2;
    if (offset + length > end) throw new RangeError(`Kite ticker packet ${i} overruns the message`);
    const tick = reuse ?? createKiteTick();
    if (decodeKitePacketInto(view, offset, length, tick)) {
      decoded++;
      onTick(tick);
    }
    offset += length;
  }
  return decoded;
}

/** Decodes a framed ticker message into new tick objects. */
export function decodeKiteTickerMessage(data: Uint8Array | ArrayBuffer): KiteTick[] {
  const ticks: KiteTick[] = [];
  forEachKiteTick(data, (tick) => ticks.push(tick));
  return ticks;
}
