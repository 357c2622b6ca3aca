// A closed-loop HTTP/1.1 load generator over held keep-alive connections, for "load held" (issue 14).
//
// Why not autocannon here: it opens every connection at the start of the clock. Node accepts a new
// connection only once per event-loop turn, and a turn of a saturated server serves every connection
// already open, so under full load the 200th connection waits seconds for its first answer (measured:
// 150 of 200 accepted after 5 s by a 20-line plain `http` server on this machine). Those first requests
// then count as timeouts although no held connection ever waited. Here every connection is opened and
// answered once (the warm-up, reported beside the figures), and the clock starts once all 200 are held.
import net from 'node:net';

const TIMEOUT_MS = 10_000;

/** One keep-alive connection; after each complete answer it sends again if `onAnswer` returns true. */
function connection(port, request, onAnswer) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let buffer = Buffer.alloc(0);
  let sentAt = 0;
  let running = true;
  let timer;
  // `intendedAt`: at a steady rate, latency counts from when the request was due, not when a connection
  // was free to send it (so a backlog shows in the figures rather than hiding in fewer requests).
  const send = (intendedAt) => {
    sentAt = intendedAt ?? performance.now();
    timer = setTimeout(() => {
      onAnswer({ status: 0, ms: TIMEOUT_MS, timedOut: true });
      socket.destroy();
    }, TIMEOUT_MS);
    socket.write(request);
  };
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    const headEnd = buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = buffer.subarray(0, headEnd).toString('latin1');
    if (/\r\ntransfer-encoding: *chunked/i.test(head))
      throw new Error('held-connections reads Content-Length answers only');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < headEnd + 4 + length) return;
    clearTimeout(timer);
    buffer = buffer.subarray(headEnd + 4 + length);
    const again = onAnswer({ status: Number(head.slice(9, 12)), ms: performance.now() - sentAt, timedOut: false });
    if (running && again) send();
  });
  socket.on('error', () => onAnswer({ status: 0, ms: 0, timedOut: false, error: true }));
  return {
    start: send,
    sendDue: (intendedAt) => send(intendedAt),
    stop: () => {
      running = false;
      clearTimeout(timer);
      socket.destroy();
    },
  };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;

/**
 * Holds `connections` connections to `url` (headers included), each answered once before the clock starts,
 * then for `seconds` sends requests back to back, or with `rate`, `rate` requests a second spread evenly
 * over the idle connections (open loop: a request due while every connection is busy waits, and its
 * wait counts). Returns what describeHeld prints.
 */
export async function loadHeld(url, headers, { connections, seconds, rate }) {
  const { port, pathname, search } = new URL(url);
  const lines = [`GET ${pathname}${search} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const request = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);

  let measuring = false;
  const latencies = [];
  const tally = { requests: 0, non2xx: 0, timeouts: 0, errors: 0 };
  let warm = 0;
  let allWarm;
  const warmed = new Promise((resolve) => (allWarm = resolve));
  const warmStarted = performance.now();
  // At a steady rate: connections free to send, and requests already due that found none free.
  const idle = [];
  const due = [];
  const held = Array.from({ length: connections }, () => {
    let first = true;
    const c = connection(port, request, (answer) => {
      if (first) {
        // The warm-up answer: the connection is held, and waits for the clock.
        first = false;
        if (++warm === connections) allWarm();
        return false;
      }
      if (!measuring) return false;
      tally.requests += 1;
      if (answer.error) tally.errors += 1;
      else if (answer.timedOut) tally.timeouts += 1;
      else if (answer.status < 200 || answer.status > 299) tally.non2xx += 1;
      else latencies.push(answer.ms);
      if (rate === undefined) return true;
      if (due.length > 0) c.sendDue(due.shift());
      else idle.push(c);
      return false;
    });
    return c;
  });
  // One request per connection, all at once: none is answered twice before every one is open.
  held.forEach((c) => c.start());
  await warmed;
  const warmUpMs = performance.now() - warmStarted;
  measuring = true;
  const started = performance.now();
  if (rate === undefined) {
    // Each connection waits after its warm-up answer; the clock starts with every one sending again.
    held.forEach((c) => c.start());
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  } else {
    idle.push(...held);
    const total = Math.round(rate * seconds);
    let sent = 0;
    // Every millisecond or so, the requests that have come due go out on idle connections.
    while (sent < total) {
      const now = performance.now();
      for (; sent < total && started + (sent * 1000) / rate <= now; sent++) {
        const at = started + (sent * 1000) / rate;
        const c = idle.pop();
        if (c) c.sendDue(at);
        else due.push(at);
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    // The last requests' answers.
    while (idle.length < connections && performance.now() - started < (seconds + 10) * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  held.forEach((c) => c.stop());
  latencies.sort((a, b) => a - b);
  return {
    ...tally,
    perSecond: tally.requests / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    warmUpMs,
  };
}

export const describeHeld = (r) =>
  `${Math.round(r.perSecond).toLocaleString('en-US')} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
  `max ${r.max.toFixed(0)} ms; errors ${r.non2xx + r.timeouts + r.errors} (non-2xx ${r.non2xx}, timeouts ${r.timeouts}, ` +
  `socket errors ${r.errors}); all connections answered once in ${r.warmUpMs.toFixed(0)} ms before the clock`;
